import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueRef } from '@atende/shared/entities/queue';
import { api } from '../../../lib/api-client.ts';
import type { Queue } from './types.ts';

export const queuesQueryKeys = {
  all: ['queues'] as const,
  list: () => ['queues', 'list'] as const,
  /** GET /queue-options?queueId: one queue's option tree. */
  options: (queueId: number) => ['queues', 'options', queueId] as const,
};

/**
 * GET /queue: the company's queues in menu order (orderQueue, then id). Every screen that picks
 * queues (users, connections, tickets) reads them as `QueueRef` (id, name, colour); the queues
 * screen reads the whole record.
 */
export async function getQueues(signal?: AbortSignal): Promise<Queue[]> {
  const queues = await api.get<Queue[]>('/queue', undefined, signal);
  return Array.isArray(queues) ? queues : [];
}

export const queuesQueryOptions = queryOptions({
  queryKey: queuesQueryKeys.list(),
  queryFn: ({ signal }): Promise<Queue[]> => getQueues(signal),
  meta: { silent: true },
});

export function useQueues(enabled = true) {
  return useQuery({ ...queuesQueryOptions, enabled });
}

export type { QueueRef };
