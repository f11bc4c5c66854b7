import { defaultTimeZone } from '@atende/shared/constants';
import { isKnownTimeZone } from '@atende/shared/wall-clock';
import { useSettings } from './api/get-settings.ts';

/**
 * The company's time zone, the one rule of every screen that takes or shows a time (campaigns,
 * schedules, opening hours): its `timezone` setting when it names a real zone, else the
 * product's default, as the server reads it (AP-SE-3). The browser's own zone plays no part.
 */
export function useCompanyTimeZone(): string {
  const settings = useSettings();
  const value = settings.data?.find((row) => row.key === 'timezone')?.value;
  return isKnownTimeZone(value) ? value : defaultTimeZone;
}
