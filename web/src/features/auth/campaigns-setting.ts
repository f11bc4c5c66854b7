import type { SessionCompany } from './types.ts';

/**
 * Whether the company turned campaigns on: its stored `campaignsEnabled` setting (what
 * PUT /settings/campaignsEnabled and the company form write), else the company's mirror field.
 */
export function campaignsEnabledFor(company: SessionCompany | null | undefined): boolean {
  const setting = company?.settings?.find((row) => row.key === 'campaignsEnabled');
  if (setting) return setting.value === 'true';
  return company?.campaignsEnabled === true;
}
