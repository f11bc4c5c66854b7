import type { Setting } from '@atende/shared/entities/setting';
import { listReader } from '../../../lib/record-api.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

export type SettingRow = Pick<Setting, 'key' | 'value'>;

const settingsReader = listReader<SettingRow>('/settings', settingsQueryKeys.list());

/** GET /settings: the company's key/value rows. */
export const getSettings = settingsReader.get;
export const settingsQueryOptions = settingsReader.queryOptions;
export const useSettings = settingsReader.useList;
