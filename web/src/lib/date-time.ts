import { formatLocaleDateTime } from '../i18n/format.ts';

/**
 * A date and time in the UI's language (core §9's DD/MM/YYYY HH:mm in Spanish; docs/i18n.md); ''
 * for a missing or invalid date. In `timeZone` when one is given (a send time is shown on the
 * company's clock, `useCompanyTimeZone`), else the browser's.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  return formatLocaleDateTime(value, timeZone);
}
