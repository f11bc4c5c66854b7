import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';

export function deleteContactList(id: number) {
  return api.delete<void>(`/contact-lists/${id}`);
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.lists() }),
  });
}
