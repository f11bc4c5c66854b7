import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';
import type { QueueOption } from './types.ts';

/** GET /queue-options?queueId&parentId=-1: the root options, each with its whole subtree. */
export async function getQueueOptionTree(queueId: number, signal?: AbortSignal): Promise<QueueOption[]> {
  const options = await api.get<QueueOption[]>('/queue-options', { queueId, parentId: -1 }, signal);
  return Array.isArray(options) ? options : [];
}

export function queueOptionTreeQueryOptions(queueId: number) {
  return queryOptions({
    queryKey: queuesQueryKeys.options(queueId),
    queryFn: ({ signal }) => getQueueOptionTree(queueId, signal),
  });
}

export function useQueueOptionTree(queueId: number | undefined) {
  return useQuery({ ...queueOptionTreeQueryOptions(queueId ?? 0), enabled: queueId !== undefined });
}

export function createQueueOption(payload: { queueId: number; parentId: number | null; title: string; message: string; option: string }) {
  return api.post<QueueOption>('/queue-options', payload);
}

export function updateQueueOption(id: number, payload: { title: string; message: string; option: string }) {
  return api.put<QueueOption>(`/queue-options/${id}`, payload);
}

/** DELETE /queue-options/{id}: the option and everything below it. */
export function deleteQueueOption(id: number) {
  return api.delete<void>(`/queue-options/${id}`);
}
