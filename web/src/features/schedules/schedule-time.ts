import { TZDate } from '@date-fns/tz';
import { scheduleDefaultLeadMs } from '@atende/shared/constants';

/*
 * The calendar and the dialog show times in the company's time zone, whatever the browser's:
 * the calendar library draws local Dates, so each instant becomes the local Date that reads as
 * the company's wall clock, and a wall-clock time typed in the dialog becomes its instant.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The local Date whose fields read as `instant` on the company's wall clock. */
export function wallDateOf(instant: string | Date, timeZone: string): Date {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
    zoned.getSeconds(),
  );
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) of an instant on the company's wall clock. */
export function wallInputOf(instant: string | Date, timeZone: string): string {
  const wall = wallDateOf(instant, timeZone);
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}T${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
}

/** The instant (ISO, UTC) of a `YYYY-MM-DDTHH:mm` wall-clock time in the company's zone; undefined if not one. */
export function instantOfWall(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zoned = new TZDate(year, month - 1, day, hour, minute, 0, timeZone);
  const ms = zoned.getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** A new schedule's send time: one hour from now (core §5), on the company's wall clock. */
export function defaultSendAtInput(now: Date, timeZone: string): string {
  return wallInputOf(new Date(now.getTime() + scheduleDefaultLeadMs), timeZone);
}
