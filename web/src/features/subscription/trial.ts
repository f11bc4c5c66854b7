import { isCalendarDay } from '@atende/shared/calendar-day';
import { trialDaysLeft } from '@atende/shared/trial';
import { t } from '../../i18n/index.ts';
import { daysUntilDue, formatDay, isCompanyExpired } from '../../lib/company-status.ts';

/**
 * extended §2.9, §4: "your trial ends in N days", N the days until trialExpiration rounded up
 * (the due date when the company has no trial date). A bare day (yyyy-MM-dd) counts calendar
 * days in the company's time zone, so a 3-day trial reads 3 on the day of the sign-up and
 * "today" on its last day. Undefined when neither date is readable.
 */
export function trialLine(
  company: { trialExpiration?: string | null; dueDate?: string | null } | null | undefined,
  now: Date,
): string | undefined {
  const end = company?.trialExpiration || company?.dueDate;
  if (!end) return undefined;
  let days: number | undefined;
  if (isCalendarDay(end)) {
    days = daysUntilDue(end, now);
  } else {
    try {
      days = trialDaysLeft(now, end);
    } catch {
      days = undefined;
    }
  }
  if (days === undefined) return undefined;
  if (days < 0 || (days === 0 && !isCalendarDay(end))) return t('subscription.trialEnded');
  if (days === 0) return t('subscription.trialEndsToday');
  if (days === 1) return t('subscription.trialEndsInOne');
  return t('subscription.trialEndsIn', { days });
}

export interface SubscriptionLine {
  text: string;
  /** The trial is over or the company is expired: shown as a warning. */
  ended: boolean;
  /** 'trial' for the trial line, 'expired' when the company may only pay. */
  kind: 'trial' | 'expired';
}

/**
 * The headline of the subscription page: the trial line, unless the company is already expired
 * or switched off (a due date moved to the past outranks a trial date still ahead).
 */
export function subscriptionLine(
  company: { trialExpiration?: string | null; dueDate?: string | null; status?: boolean | null } | null | undefined,
  now: Date,
): SubscriptionLine | undefined {
  if (company && isCompanyExpired(company, now)) {
    if (company.status === false) return { text: t('subscription.inactive'), ended: true, kind: 'expired' };
    return { text: t('subscription.expiredOn', { date: formatDay(company.dueDate) }), ended: true, kind: 'expired' };
  }
  const text = trialLine(company, now);
  return text === undefined ? undefined : { text, ended: text === t('subscription.trialEnded'), kind: 'trial' };
}
