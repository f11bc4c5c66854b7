import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queueIntegrationsQueryKeys } from './query-keys.ts';
import type { QueueIntegration, QueueIntegrationPayload } from './types.ts';

/** POST /queueIntegration, or PUT /queueIntegration/{id} with an id. */
export function saveQueueIntegration({ id, payload }: { id?: number; payload: QueueIntegrationPayload }) {
  return id === undefined
    ? api.post<QueueIntegration>('/queueIntegration', payload)
    : api.put<QueueIntegration>(`/queueIntegration/${id}`, payload);
}

export function useSaveQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQueueIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKeys.all }),
  });
}
