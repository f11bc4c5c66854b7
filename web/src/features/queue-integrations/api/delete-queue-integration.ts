import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queueIntegrationsQueryKeys } from './query-keys.ts';

/** DELETE /queueIntegration/{id}. */
export function deleteQueueIntegration(id: number) {
  return api.delete<{ message: string }>(`/queueIntegration/${id}`);
}

export function useDeleteQueueIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueueIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueIntegrationsQueryKeys.all }),
  });
}
