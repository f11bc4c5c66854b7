import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';
import type { Queue, QueuePayload } from './types.ts';

export function createQueue(payload: QueuePayload) {
  return api.post<Queue>('/queue', payload);
}

export function updateQueue(id: number, payload: QueuePayload) {
  return api.put<Queue>(`/queue/${id}`, payload);
}

/** POST /queue or PUT /queue/{id}; the list (and every queue picker) reloads. */
export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: QueuePayload }) =>
      id === undefined ? createQueue(payload) : updateQueue(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKeys.list() }),
  });
}
