import type { EntityItem } from 'electrodb';
import { settingEntity } from './setting-entity.ts';

export type SettingRecord = EntityItem<typeof settingEntity>;

/** AP-SE-1: every setting of a company (one query, begins_with SETTING#). */
export async function listSettings(companyId: number): Promise<SettingRecord[]> {
  const { data } = await settingEntity.query.byKey({ companyId }).go({ pages: 'all' });
  return data;
}

/** AP-SE-2: write one setting (a secret one sealed, with its mask beside it). */
export async function putSetting(
  companyId: number,
  key: string,
  value: string,
  mask?: string,
): Promise<SettingRecord> {
  const { data } = await settingEntity.put({ companyId, key, value, ...(mask ? { mask } : {}) }).go();
  return data;
}

/** AP-SE-3: remove one setting (a secret cleared by its super user); answers it as empty. */
export async function deleteSetting(companyId: number, key: string): Promise<{ key: string; value: string }> {
  await settingEntity.delete({ companyId, key }).go();
  return { key, value: '' };
}
