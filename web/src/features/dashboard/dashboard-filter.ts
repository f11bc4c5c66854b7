/**
 * The dashboard's filter (core §2 Dashboard, §5 Dashboard filter, §9): by date or by a period of
 * days, turned into the query of GET /dashboard; the chart ranges; the default current month.
 */
import { dashboardPeriodDays } from '@atende/shared/constants';

export type FilterType = 'date' | 'period';

/** A period in days; 0 is "none selected". */
export type PeriodDays = 0 | (typeof dashboardPeriodDays)[number];

export const periodOptions: readonly PeriodDays[] = [0, ...dashboardPeriodDays];

export interface DashboardFilter {
  type: FilterType;
  /** yyyy-MM-dd, or '' when the field is empty. */
  dateFrom: string;
  dateTo: string;
  days: PeriodDays;
}

/** The query of GET /dashboard: a period, or both dates (yyyy-MM-dd). */
export type DashboardParams = { days: number } | { date_from: string; date_to: string };

/** yyyy-MM-dd bounds of the charts (GET /dashboard/ticketsUsers and /ticketsDay). */
export interface ChartRange {
  initialDate: string;
  finalDate: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of `date` as yyyy-MM-dd. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether `value` is a real calendar day written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** core §2: the default period is the whole current month up to today. */
export function currentMonthRange(now: Date = new Date()): ChartRange {
  return {
    initialDate: toIsoDate(new Date(now.getFullYear(), now.getMonth(), 1)),
    finalDate: toIsoDate(now),
  };
}

/** The filter the screen opens with: by date, the current month up to today. */
export function defaultFilter(now: Date = new Date()): DashboardFilter {
  const { initialDate, finalDate } = currentMonthRange(now);
  return { type: 'date', dateFrom: initialDate, dateTo: finalDate, days: 0 };
}

/** Both bounds are days and the first is not after the second. */
export function isValidRange(from: string, to: string): boolean {
  return isIsoDate(from) && isIsoDate(to) && from <= to;
}

/**
 * The GET /dashboard query of a filter, or undefined when neither a period nor valid dates are
 * set (core §5: then the screen says "Parametriza el filtro" and asks nothing).
 */
export function dashboardParamsOf(filter: DashboardFilter): DashboardParams | undefined {
  if (filter.type === 'period') return filter.days > 0 ? { days: filter.days } : undefined;
  return isValidRange(filter.dateFrom, filter.dateTo)
    ? { date_from: filter.dateFrom, date_to: filter.dateTo }
    : undefined;
}

/** The chart query of two date fields, or undefined when they are not a valid range. */
export function chartRangeOf(initialDate: string, finalDate: string): ChartRange | undefined {
  return isValidRange(initialDate, finalDate) ? { initialDate, finalDate } : undefined;
}

/** Whether two queries ask for the same thing (a second Filtrar then reloads instead). */
export function sameParams(a: object | undefined, b: object | undefined): boolean {
  if (!a || !b) return a === b;
  const entriesOf = (value: object) =>
    JSON.stringify(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)));
  return entriesOf(a) === entriesOf(b);
}
