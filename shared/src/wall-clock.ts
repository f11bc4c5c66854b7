/**
 * Wall-clock times in a company's time zone (docs/decisions.md, "Company time zone"). Records
 * keep UTC ISO instants; a time a person types or reads is the company's wall clock, whatever
 * the browser's zone. Intl only, so any IANA zone the runtime knows works, with its summer time.
 */

/** The fields of a wall-clock time (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the IANA time zone name. */
export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone. */
export function wallClockAt(instant: number | string | Date, timeZone: string): WallClock {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const asUtc = (wall: WallClock) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

const dayMs = 86_400_000;

/**
 * The instant a wall-clock time names in a zone. Around a clock change: a time that happens
 * twice (clocks turned back) is the first of the two; a time that never happens (clocks turned
 * forward) is read with the offset before the change, so it lands as far after the gap as it
 * was into it (New York's 02:30 on a spring-forward day is 03:30 EDT), as Temporal's
 * "compatible" rule does.
 */
export function instantOfWallClock(wall: WallClock, timeZone: string): number {
  const local = asUtc(wall);
  const before = local - offsetAt(local - dayMs, timeZone);
  const after = local - offsetAt(local + dayMs, timeZone);
  const exists = [before, after].filter((instant) => asUtc(wallClockAt(instant, timeZone)) === local);
  return exists.length > 0 ? Math.min(...exists) : before;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) of an instant on the zone's wall clock. */
export function wallInputOf(instant: number | string | Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const wallInputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (UTC ISO) of a `YYYY-MM-DDTHH:mm[:ss]` wall-clock time in the zone; undefined
 * when the text is not such a time (or names a day that does not exist, such as 31 April).
 */
export function instantOfWall(value: string, timeZone: string): string | undefined {
  const match = wallInputPattern.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall: WallClock = { year, month, day, hour, minute, second };
  // Date.UTC rolls 31 April over to 1 May: such a day is not a day.
  const probe = new Date(asUtc(wall));
  const real =
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  if (!real) return undefined;
  return new Date(instantOfWallClock(wall, timeZone)).toISOString();
}

/** DD/MM/YYYY HH:mm (core §9) of an instant on the zone's wall clock; '' for a missing or invalid one. */
export function formatWallDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const wall = wallClockAt(instant, timeZone);
  return `${pad(wall.day)}/${pad(wall.month)}/${wall.year} ${pad(wall.hour)}:${pad(wall.minute)}`;
}
