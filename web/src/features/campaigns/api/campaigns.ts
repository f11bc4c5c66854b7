import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CampaignStatus } from '@atende/shared/entities/campaign';
import { api } from '../../../lib/api-client.ts';

export interface CampaignReportNumbers {
  validContacts: number;
  /** Sends that went out (the connector's refusals left out). */
  deliveries: number;
  /** Sends the connector refused (their recipients show "failed"). */
  failures: number;
  confirmationRequests: number;
  confirmations: number;
  progressPercent: number;
}

/** A campaign as GET /campaigns answers it (extended §3; the report as counters). */
export interface CampaignRecord {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagListId: number | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  fileListId: number | null;
  scheduledAt: string | null;
  completedAt: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  report: CampaignReportNumbers;
  [slot: `message${number}` | `confirmationMessage${number}`]: string | null;
}

export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (search: string) => ['campaigns', 'list', search] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
};

export function campaignsInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: campaignsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) =>
      api.get<{ records: CampaignRecord[]; hasMore: boolean }>(
        '/campaigns',
        { searchParam, pageNumber: pageParam },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useCampaigns(searchParam: string) {
  return useInfiniteQuery(campaignsInfiniteQueryOptions(searchParam));
}

export function campaignQueryOptions(id: number) {
  return queryOptions({
    queryKey: campaignsKeys.one(id),
    queryFn: ({ signal }) => api.get<CampaignRecord>(`/campaigns/${id}`, undefined, signal),
  });
}

export function useCampaign(id: number | undefined) {
  return useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== undefined && id > 0 });
}

/** Create, update, delete, cancel, restart, attach and remove the file: each refreshes the campaigns. */
export function useCampaignMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
  const save = useMutation({
    mutationFn: (args: { id?: number; payload: Record<string, unknown> }) =>
      args.id
        ? api.put<CampaignRecord>(`/campaigns/${args.id}`, args.payload)
        : api.post<CampaignRecord>('/campaigns', args.payload),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/campaigns/${id}`), onSuccess });
  const cancel = useMutation({ mutationFn: (id: number) => api.post(`/campaigns/${id}/cancel`), onSuccess });
  const restart = useMutation({
    mutationFn: (id: number) => api.post(`/campaigns/${id}/restart`),
    onSuccess,
  });
  const upload = useMutation({
    mutationFn: (args: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', args.file);
      return api.post(`/campaigns/${args.id}/media-upload`, form);
    },
    onSuccess,
  });
  const removeMedia = useMutation({
    mutationFn: (id: number) => api.delete(`/campaigns/${id}/media-upload`),
    onSuccess,
  });
  return { save, remove, cancel, restart, upload, removeMedia };
}
