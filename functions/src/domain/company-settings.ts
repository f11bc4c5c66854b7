import { defaultCompanySettings } from '@atende/shared/constants';

/** The settings a new company starts with (extended §3 Setting), plus its campaigns switch. */
export function initialCompanySettings(campaignsEnabled: boolean): Record<string, string> {
  return { ...defaultCompanySettings, campaignsEnabled: String(campaignsEnabled) };
}
