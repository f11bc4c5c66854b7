import { calendarDayIn } from '@atende/shared/calendar-day';
import { defaultTimeZone, trialDays } from '@atende/shared/constants';
import { foldForSearch } from '@atende/shared/search-text';

/** The platform's own company, created on first start; super users belong to it. */
export const platformCompanyId = 1;

/** Names compare without case, accents or extra spaces, so "Acme" and "ACME " are one name. */
export function nameKey(name: string): string {
  return foldForSearch(name);
}

/** The terms a public sign-up gets: monthly recurrence, active, campaigns on, a 3-day trial. */
export function signupTerms(now: Date, timeZone: string = defaultTimeZone) {
  const dueDate = calendarDayIn(new Date(now.getTime() + trialDays * 24 * 60 * 60 * 1000), timeZone);
  return { recurrence: 'MENSUAL' as const, status: true, campaignsEnabled: true, dueDate, trialExpiration: dueDate };
}

/** Whether the public sign-up offers a plan: unless a super user hid it (plans from before the flag are offered). */
export function isPublicPlan(plan: { isPublic?: boolean | null }): boolean {
  return plan.isPublic !== false;
}

/**
 * A company whose status is off, or whose due date has passed in its own time zone, may only
 * sign in to pay.
 */
export function companyIsBlocked(
  company: { status?: boolean; dueDate?: string; timezone?: string },
  now: Date,
): boolean {
  if (company.status === false) return true;
  if (!company.dueDate) return false;
  return company.dueDate < calendarDayIn(now, company.timezone ?? defaultTimeZone);
}
