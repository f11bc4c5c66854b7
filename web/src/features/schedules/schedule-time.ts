import { scheduleDefaultLeadMs } from '@atende/shared/constants';
import { wallClockAt, wallInputOf } from '@atende/shared/wall-clock';

/*
 * The calendar and the dialog show times in the company's time zone, whatever the browser's:
 * the calendar library draws local Dates, so each instant becomes the local Date that reads as
 * the company's wall clock; a wall-clock time typed in the dialog becomes its instant with the
 * shared rule (`@atende/shared/wall-clock`, also used by campaigns).
 */
export { instantOfWall, wallInputOf } from '@atende/shared/wall-clock';

/** The local Date whose fields read as `instant` on the company's wall clock. */
export function wallDateOf(instant: string | Date, timeZone: string): Date {
  const wall = wallClockAt(instant, timeZone);
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** A new schedule's send time: one hour from now (core §5), on the company's wall clock. */
export function defaultSendAtInput(now: Date, timeZone: string): string {
  return wallInputOf(new Date(now.getTime() + scheduleDefaultLeadMs), timeZone);
}

/** A schedule is drawn as a 30-minute block in the week and day views. */
const blockMs = 30 * 60_000;

/**
 * Where a schedule's block ends on the calendar: 30 minutes after its wall time, but never past
 * the end of its day. A block crossing midnight would be drawn as a two-day event in the month's
 * all-day row (twice, split, when the days fall in two weeks) instead of a message at its time.
 */
export function blockEndOf(wallStart: Date): Date {
  const endOfDay = new Date(wallStart.getFullYear(), wallStart.getMonth(), wallStart.getDate() + 1).getTime() - 1;
  return new Date(Math.min(wallStart.getTime() + blockMs, endOfDay));
}
