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
