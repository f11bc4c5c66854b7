import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';

export function useDeleteContactListItem(contactListId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/contact-list-items/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(contactListId) });
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.one(contactListId) });
    },
  });
}
