import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';

/** DELETE /contacts/{id} → 204 (admins only). */
export function deleteContact(id: number) {
  return api.delete<void>(`/contacts/${id}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contactsQueryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKeys.lists() });
    },
  });
}
