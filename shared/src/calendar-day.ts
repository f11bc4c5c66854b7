/**
 * Calendar days in the company's time zone. Due dates are often stored as yyyy-MM-dd, and
 * "today" must be the day in São Paulo, not in UTC, or a due date turns at 21:00 local time.
 */
import { defaultTimeZone } from './constants.ts';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  return dayPattern.test(value);
}

/**
 * One formatter per time zone, kept: making an Intl.DateTimeFormat costs ~100x formatting with
 * one (ICU loads the zone's rules), and every protected request asks for today's day (the
 * company's due date, http/company-context.ts). Zones are few (IANA names a company chose).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The yyyy-MM-dd of an instant in a time zone. */
export function calendarDayIn(instant: Date, timeZone: string = defaultTimeZone): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats dates as yyyy-MM-dd. An unknown zone throws here, as before, and is not kept.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
