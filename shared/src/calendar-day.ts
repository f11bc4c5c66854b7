/**
 * Calendar days in the company's time zone. Due dates are often stored as yyyy-MM-dd, and
 * "today" must be the day in São Paulo, not in UTC, or a due date turns at 21:00 local time.
 */
import { defaultTimeZone } from './constants.ts';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  return dayPattern.test(value);
}

/** The yyyy-MM-dd of an instant in a time zone. */
export function calendarDayIn(instant: Date, timeZone: string = defaultTimeZone): string {
  // en-CA formats dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
