import { wallClockAt } from '@atende/shared/wall-clock';

/**
 * Calendar arithmetic of the dashboard in a company's time zone: the local day and hour of an
 * instant (which bucket an event lands in), "today", and day lists. Days are yyyy-MM-dd strings;
 * adding days is done on the calendar (UTC dates), so it never drifts across clock changes.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** The company's calendar day (yyyy-MM-dd) and hour slot (00..23) of an instant. */
export function localDayHour(instant: string | Date, timeZone: string): { day: string; hour: string } {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new Error(`not an instant: ${String(instant)}`);
  const clock = wallClockAt(date, timeZone);
  return { day: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`, hour: pad(clock.hour) };
}

function utcOf(day: string): number {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The day `count` days after (or before, when negative) a day. */
export function addDays(day: string, count: number): string {
  return new Date(utcOf(day) + count * 86_400_000).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysIncluded(from: string, to: string): number {
  return Math.max(0, Math.round((utcOf(to) - utcOf(from)) / 86_400_000) + 1);
}

/** Every day from `from` to `to`, both included. */
export function daysFromTo(from: string, to: string): string[] {
  return Array.from({ length: daysIncluded(from, to) }, (_, index) => addDays(from, index));
}

/** The 24 hour slots of a day, 00 to 23. */
export const hourSlots: readonly string[] = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
