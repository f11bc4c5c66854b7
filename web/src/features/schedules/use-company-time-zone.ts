import { defaultTimeZone } from '@atende/shared/constants';
import { useSettings } from '../settings/api/get-settings.ts';

/** The company's time zone: its `timezone` setting, else the product's default (as the server reads it). */
export function useCompanyTimeZone(): string {
  const settings = useSettings();
  const value = settings.data?.find((row) => row.key === 'timezone')?.value;
  return typeof value === 'string' && value ? value : defaultTimeZone;
}
