import { validationMessages } from '@atende/shared/validation-messages';
import { AppError } from '../app-error.ts';
import { addDays, daysIncluded, localDayHour } from './calendar.ts';

/** A period of calendar days in the company's time zone, both ends included. */
export interface DayPeriod {
  from: string;
  to: string;
}

/** The longest period one call may ask for: a year of day buckets, a leap day included. */
export const maxPeriodDays = 366;

function invalid(path: string, message: string): AppError {
  return new AppError('ERR_VALIDATION', { issues: [{ path, message }] });
}

/** A period from two days, refused when it runs backwards or is longer than a year. */
export function checkedPeriod(from: string, to: string, paths: [string, string] = ['date_from', 'date_to']): DayPeriod {
  if (to < from) throw invalid(paths[1], 'La fecha final es anterior a la inicial');
  if (daysIncluded(from, to) > maxPeriodDays) throw invalid(paths[0], `El período supera ${maxPeriodDays} días`);
  return { from, to };
}

/**
 * GET /dashboard's period: `days` (3, 7, 15, 30, 60 or 90) means that many calendar days ending
 * today in the company's zone; otherwise date_from..date_to. A period wins over dates, as in the
 * product we replace; the schema already refused a query with neither.
 */
export function periodOfQuery(
  query: { days?: number | undefined; date_from?: string | undefined; date_to?: string | undefined },
  now: Date,
  timeZone: string,
): DayPeriod {
  if (query.days) {
    const today = localDayHour(now, timeZone).day;
    return { from: addDays(today, -(query.days - 1)), to: today };
  }
  if (!query.date_from || !query.date_to) throw invalid('days', validationMessages.dashboardFilterRequired);
  return checkedPeriod(query.date_from, query.date_to);
}
