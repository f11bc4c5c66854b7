import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseCampaignSettings, type CampaignSettings } from '@atende/shared/entities/campaign-settings';
import { api } from '../../../lib/api-client.ts';

const campaignSettingsKey = ['campaign-settings'] as const;

/** GET /campaign-settings: rows of key and JSON value, read into the settings (defaults filled). */
export async function getCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  const rows = await api.get<{ key: string; value: string }[]>('/campaign-settings', undefined, signal);
  return parseCampaignSettings(Array.isArray(rows) ? rows : []);
}

export function campaignSettingsQueryOptions() {
  return queryOptions({
    queryKey: campaignSettingsKey,
    queryFn: ({ signal }) => getCampaignSettings(signal),
  });
}

export function useCampaignSettings() {
  return useQuery(campaignSettingsQueryOptions());
}

/** POST /campaign-settings with the whole settings object. */
export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettings) => api.post('/campaign-settings', settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignSettingsKey }),
  });
}
