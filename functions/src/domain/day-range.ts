import { calendarDayIn } from '@atende/shared/calendar-day';
import { defaultTimeZone } from '@atende/shared/constants';
import { isKnownTimeZone, wallClockAt } from '@atende/shared/wall-clock';

/**
 * Calendar days of a company as instants. Records keep UTC ISO instants (`createdAt`,
 * `activityAt`), and a day filter ("created on 2024-05-10") means the company's day, so the day
 * becomes the half-open range [its first instant, the next day's first instant) in the company's
 * time zone, which is then a key range on a sort key made of those instants.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first time zone of the candidates (a company setting, the company's field) the runtime
 * knows (one typed by hand may be wrong), else São Paulo.
 */
export function timeZoneOf(...candidates: (string | undefined | null)[]): string {
  return candidates.find(isKnownTimeZone) ?? defaultTimeZone;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The day after a yyyy-MM-dd day. */
export function nextDay(day: string): string {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1))
    .toISOString()
    .slice(0, 10);
}

/**
 * The first instant of a day in a time zone, as a UTC ISO string. Where a clock change skips
 * midnight (São Paulo's old summer time started at 00:00), the day starts at the first instant
 * that exists, 01:00.
 */
export function startOfDayIn(day: string, timeZone: string = defaultTimeZone): string {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  const midnightAsUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  const second = midnightAsUtc - offsetAt(first, timeZone);
  // Two candidates around a clock change: the earliest one that already belongs to the day.
  const candidates = [first, second]
    .filter((instant) => calendarDayIn(new Date(instant), timeZone) === day)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? Math.max(first, second)).toISOString();
}

/** A half-open range of instants [from, to), as UTC ISO strings. */
export interface InstantRange {
  from: string;
  to: string;
}

/** The days from `firstDay` to `lastDay` (both included) in a time zone; either end may be open. */
export function daysRangeIn(
  firstDay: string | undefined,
  lastDay: string | undefined,
  timeZone: string,
): InstantRange {
  return {
    from: firstDay ? startOfDayIn(firstDay, timeZone) : '0000',
    // Every ISO instant sorts before '9999…', and a key `<instant>#<id>` before the next day's start.
    to: lastDay ? startOfDayIn(nextDay(lastDay), timeZone) : '9999',
  };
}

/**
 * "Since" for an `updatedAt` filter: a day means its first instant in the company's zone; a
 * date-time with an offset is that instant.
 */
export function sinceInstant(value: string, timeZone: string): string {
  return dayPattern.test(value) ? startOfDayIn(value, timeZone) : new Date(value).toISOString();
}

/** Whether a UTC ISO instant falls in a range. */
export function inRange(instant: string | undefined, range: InstantRange): boolean {
  return instant !== undefined && instant >= range.from && instant < range.to;
}
