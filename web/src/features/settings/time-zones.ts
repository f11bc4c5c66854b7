import { isKnownTimeZone } from '@atende/shared/wall-clock';

/** The IANA zones the browser knows, with UTC and the company's own (even if the list lacks it), sorted. */
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = new Set([...known, 'UTC', ...(isKnownTimeZone(current) ? [current] : [])]);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** A zone name or a search as compared: lower case, no accents, underscores and slashes as spaces. */
export function searchableZone(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The zone's offset from UTC now, as the browser names it ("GMT-05:00"); '' if it cannot say. */
export function zoneOffsetLabel(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(
      now,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}
