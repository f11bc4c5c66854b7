import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  campaignRecipientsCsvExport,
  type CampaignRecipient,
  type CampaignRecipientState,
} from '@atende/shared/entities/campaign-recipient';
import { api } from '../../../lib/api-client.ts';
import { downloadName, saveBlob } from '../../../lib/download.ts';

export const campaignRecipientsKeys = {
  page: (campaignId: number, state: CampaignRecipientState | '', pageNumber: number) =>
    ['campaigns', 'recipients', campaignId, state, pageNumber] as const,
};

/** GET /campaigns/{id}/recipients: one page of the report's recipients, of one state or all. */
export function useCampaignRecipients(
  campaignId: number,
  state: CampaignRecipientState | '',
  pageNumber: number,
) {
  return useQuery({
    queryKey: campaignRecipientsKeys.page(campaignId, state, pageNumber),
    queryFn: ({ signal }) =>
      api.get<{ records: CampaignRecipient[]; hasMore: boolean }>(
        `/campaigns/${campaignId}/recipients`,
        { pageNumber, ...(state ? { state } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /campaigns/{id}/recipients/export with the session's token, saved as the CSV. */
export function useExportCampaignRecipients(campaignId: number) {
  return useMutation({
    mutationFn: async (state: CampaignRecipientState | '') => {
      const { blob, filename } = await api.download(
        `/campaigns/${campaignId}/recipients/export`,
        state ? { state } : undefined,
      );
      const name = downloadName(filename, campaignRecipientsCsvExport.filename);
      saveBlob(blob, name);
      return name;
    },
  });
}
