/** Company due dates: extension by recurrence (core §4) and the top-bar colour (core §2). */
import { dueDateColourThresholds, recurrenceMonths } from './constants.ts';
import { isCalendarDay } from './calendar-day.ts';
import type { Recurrence } from './entities/company.ts';

/**
 * Adds `months` calendar months in UTC, clamping to the last day of a shorter month
 * (31 Jan + 1 month = 28/29 Feb), so a due date never skips a month.
 */
function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * The due date after one period of the recurrence (MENSUAL 1, BIMESTRAL 2, TRIMESTRAL 3,
 * SEMESTRAL 6, ANUAL 12 months). A yyyy-MM-dd string stays a day; any other string is an
 * instant and comes back as ISO-8601 UTC. Invalid dates throw a RangeError.
 */
export function dueDateAfter(dueDate: Date, recurrence: Recurrence): Date;
export function dueDateAfter(dueDate: string, recurrence: Recurrence): string;
export function dueDateAfter(dueDate: Date | string, recurrence: Recurrence): Date | string {
  const months = recurrenceMonths[recurrence];
  const instant =
    typeof dueDate === 'string'
      ? new Date(isCalendarDay(dueDate) ? `${dueDate}T00:00:00Z` : dueDate)
      : dueDate;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid due date: ${String(dueDate)}`);
  const next = addMonthsUtc(instant, months);
  if (typeof dueDate !== 'string') return next;
  return isCalendarDay(dueDate) ? next.toISOString().slice(0, 10) : next.toISOString();
}

export type DueDateColour = 'yellow' | 'orange' | 'red';

/**
 * The colour of the company due-date row by days left, implemented literally from the spec:
 * "yellow at 5 days left, orange from -3 to 4 days, red when exactly 4 days past".
 *
 * Ambiguity: read literally, 6+ days left, and 5+ days past, get no colour; it looks as if
 * red was meant for everything from 4 days past on. The literal reading is kept so the UI
 * matches the source product; change the red branch here if the intent is confirmed.
 */
export function dueDateColour(daysLeft: number): DueDateColour | null {
  const t = dueDateColourThresholds;
  if (daysLeft === t.yellowAtDaysLeft) return 'yellow';
  if (daysLeft >= t.orangeFromDaysLeft && daysLeft <= t.orangeToDaysLeft) return 'orange';
  if (daysLeft === t.redAtDaysLeft) return 'red';
  return null;
}
