import type { EntityItem } from 'electrodb';
import { campaignSettingEntity } from './campaign-setting-entity.ts';

export type CampaignSettingRecord = EntityItem<typeof campaignSettingEntity>;

/** AP-CS-1: every campaign setting row of a company (one query, begins_with CAMPAIGNSETTING#). */
export async function listCampaignSettings(companyId: number): Promise<CampaignSettingRecord[]> {
  const { data } = await campaignSettingEntity.query.byKey({ companyId }).go({ pages: 'all' });
  return data;
}

/** AP-CS-2: write the given rows (a handful of keys), each replacing its key's value. */
export async function putCampaignSettings(
  companyId: number,
  rows: { key: string; value: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await campaignSettingEntity.put(rows.map((row) => ({ companyId, ...row }))).go();
}
