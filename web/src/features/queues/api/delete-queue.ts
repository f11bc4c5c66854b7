import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from './get-queues.ts';

export function deleteQueue(id: number) {
  return api.delete<void>(`/queue/${id}`);
}

/** DELETE /queue/{id}: the server also drops its options and takes it off users and connections. */
export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queuesQueryKeys.all }),
  });
}
