import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DeliveriesPage } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

/** GET /webhooks/{id}/deliveries: a page of the log, newest first; `cursor` is the last id seen. */
export async function getDeliveries(
  webhookId: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DeliveriesPage> {
  const page = await api.get<DeliveriesPage>(
    `/webhooks/${webhookId}/deliveries`,
    cursor ? { cursor } : undefined,
    signal,
  );
  return { deliveries: Array.isArray(page?.deliveries) ? page.deliveries : [], hasMore: !!page?.hasMore };
}

export function deliveriesQueryOptions(webhookId: number) {
  return infiniteQueryOptions({
    queryKey: webhooksQueryKeys.deliveries(webhookId),
    queryFn: ({ pageParam, signal }) => getDeliveries(webhookId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.deliveries.at(-1)?.id : undefined),
  });
}

/** The log refreshes every few seconds while open: attempts and retries change it on their own. */
export function useDeliveries(webhookId: number) {
  return useInfiniteQuery({ ...deliveriesQueryOptions(webhookId), refetchInterval: 3_000 });
}
