/** Display rules of the dashboard's figures (core §9: dates DD/MM/YYYY, ratings 1 to 3). */
import type { TicketsDayRow } from '@atende/shared/entities/dashboard';
import { t } from '../../i18n/index.ts';
import { formatCalendarDay, formatNumber } from '../../i18n/format.ts';
import type { DashboardParams } from './dashboard-filter.ts';

/** A count in the UI's language ("12.345"; en "12,345"); anything that is not a number reads as 0. */
export function formatCount(value: number | null | undefined): string {
  return formatNumber(typeof value === 'number' && Number.isFinite(value) ? value : 0, { maximumFractionDigits: 0 });
}

/** An average rating with one decimal ("2,5"; en "2.5"). */
export function formatRating(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export type RatingLevel = 1 | 2 | 3;

/**
 * The level an average rating reads as (1 unsatisfied, 2 satisfied, 3 very satisfied), or
 * undefined when the attendant was never rated.
 */
export function ratingLevel(rating: number | null | undefined): RatingLevel | undefined {
  if (typeof rating !== 'number' || !Number.isFinite(rating) || rating <= 0) return undefined;
  return Math.min(3, Math.max(1, Math.round(rating))) as RatingLevel;
}

/** yyyy-MM-dd as DD/MM/YYYY (in the UI's language); any other text is kept as it is. */
export function formatIsoDay(value: string): string {
  return formatCalendarDay(value);
}

/** An hour slot ("9", "09" or "09:00") as HH:00. */
export function formatHourSlot(value: string): string {
  const match = /^(\d{1,2})(?::\d{2})?$/.exec(value.trim());
  return match ? `${match[1]?.padStart(2, '0')}:00` : value;
}

/** Whether the rows are hour slots (a one-day range) rather than days. */
export function isHourly(rows: readonly TicketsDayRow[]): boolean {
  return rows.some((row) => row.horario !== undefined && row.horario !== null);
}

/** The label of one tickets-per-day row: its hour slot, or its day as DD/MM/YYYY. */
export function ticketsDayLabel(row: TicketsDayRow): string {
  if (row.horario !== undefined && row.horario !== null) return formatHourSlot(row.horario);
  return formatIsoDay(row.data ?? '');
}

/** The sum of a chart's values. */
export function totalOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
}

/** The applied filter in words: "Últimos 7 días" or "Del 01/05/2025 al 20/05/2025". */
export function describeParams(params: DashboardParams): string {
  if ('days' in params) return t('dashboard.period.days', { days: params.days });
  return t('dashboard.period.range', {
    from: formatIsoDay(params.date_from),
    to: formatIsoDay(params.date_to),
  });
}
