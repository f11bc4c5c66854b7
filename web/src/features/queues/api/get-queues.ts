import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueRef } from '@atende/shared/entities/queue';
import { api, ApiError } from '../../../lib/api-client.ts';

export const queuesQueryKeys = { all: ['queues'] as const, list: () => ['queues', 'list'] as const };

/** GET /queue. Until the queues module exists the route answers 404, read as "no queues yet". */
export async function getQueues(signal?: AbortSignal): Promise<QueueRef[]> {
  try {
    const queues = await api.get<QueueRef[]>('/queue', undefined, signal);
    return Array.isArray(queues) ? queues : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const queuesQueryOptions = queryOptions({
  queryKey: queuesQueryKeys.list(),
  queryFn: ({ signal }) => getQueues(signal),
  meta: { silent: true },
});

export function useQueues(enabled = true) {
  return useQuery({ ...queuesQueryOptions, enabled });
}
