import { formatWallDateTime } from '@atende/shared/wall-clock';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * DD/MM/YYYY HH:mm (core §9); '' for a missing or invalid date. In `timeZone` when one is given
 * (a send time is shown on the company's clock, `useCompanyTimeZone`), else the browser's.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  if (timeZone) return formatWallDateTime(value, timeZone);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
