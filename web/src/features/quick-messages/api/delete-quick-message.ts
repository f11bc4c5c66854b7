import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { quickMessagesQueryKeys } from './quick-messages-query-keys.ts';

export function deleteQuickMessage(id: number) {
  return api.delete<void>(`/quick-messages/${id}`);
}

export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKeys.all }),
  });
}
