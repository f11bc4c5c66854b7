import { formatCalendarDay } from '../i18n/format.ts';
import { calendarDayIn, isCalendarDay } from '@atende/shared/calendar-day';
import { dueDateColour, type DueDateColour } from '@atende/shared/due-date';

/** What the shell needs to know about the signed-in user's company. */
export interface CompanyStanding {
  status?: boolean | null;
  dueDate?: string | null;
}

const dayMs = 86_400_000;

/** A stored date (yyyy-MM-dd, or an instant) as the calendar day it falls on; undefined if unreadable. */
export function calendarDayOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (isCalendarDay(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : calendarDayIn(instant);
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / dayMs);
}

/** Days left until the due date, counted in the company's calendar; undefined without a due date. */
export function daysUntilDue(dueDate: string | null | undefined, now: Date): number | undefined {
  const due = calendarDayOf(dueDate);
  return due === undefined ? undefined : daysBetween(calendarDayIn(now), due);
}

/**
 * A company may only pay (core §1, the rule) when it is switched off or its due date is
 * before today. No due date at all is not expired: super-admin companies run without one.
 */
export function isCompanyExpired(company: CompanyStanding | null | undefined, now: Date): boolean {
  if (!company) return false;
  if (company.status === false) return true;
  const daysLeft = daysUntilDue(company.dueDate, now);
  return daysLeft !== undefined && daysLeft < 0;
}

/** Super users always get the whole product; anyone else of an expired company only the subscription. */
export function isPaymentOnly(
  user: { super?: boolean | null; company?: CompanyStanding | null } | undefined,
  now: Date,
): boolean {
  return !!user && user.super !== true && isCompanyExpired(user.company, now);
}

/** The day of a stored date in the UI's language (DD/MM/YYYY in Spanish, core §9); '' when there is none. */
export function formatDay(value: string | null | undefined): string {
  const day = calendarDayOf(value);
  return day ? formatCalendarDay(day) : '';
}

export interface DueDateView {
  /** DD/MM/YYYY. */
  label: string;
  daysLeft: number;
  /** core §2 Layout: the row's colour, or null for the plain one. */
  colour: DueDateColour | null;
}

/** The top bar's due-date row for admins; undefined when the company has no due date. */
export function dueDateView(dueDate: string | null | undefined, now: Date): DueDateView | undefined {
  const daysLeft = daysUntilDue(dueDate, now);
  if (daysLeft === undefined) return undefined;
  return { label: formatDay(dueDate), daysLeft, colour: dueDateColour(daysLeft) };
}
