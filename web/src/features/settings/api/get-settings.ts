import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Setting } from '@atende/shared/entities/setting';
import { api } from '../../../lib/api-client.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

export type SettingRow = Pick<Setting, 'key' | 'value'>;

/** GET /settings: the company's key/value rows. */
export function getSettings(signal?: AbortSignal) {
  return api.get<SettingRow[]>('/settings', undefined, signal);
}

export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKeys.list(),
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
