import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { upsertSettingRow } from '../settings-rows.ts';
import type { SettingRow } from './get-settings.ts';
import { settingsQueryKeys } from './settings-query-keys.ts';

/** PUT /settings/{key} with { value }. */
export function updateSetting({ key, value }: SettingRow) {
  return api.put<SettingRow>(`/settings/${encodeURIComponent(key)}`, { value });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: (saved, sent) => {
      const row = saved && typeof saved === 'object' && 'key' in saved ? saved : sent;
      queryClient.setQueryData<SettingRow[]>(settingsQueryKeys.list(), (rows) => upsertSettingRow(rows ?? [], row));
      return queryClient.invalidateQueries({ queryKey: settingsQueryKeys.all });
    },
  });
}
