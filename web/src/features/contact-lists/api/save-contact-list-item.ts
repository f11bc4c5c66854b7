import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactListItem, ContactListItemPayload } from './types.ts';

/** POST /contact-list-items or PUT /contact-list-items/{id}; the list's items and its count reload. */
export function useSaveContactListItem(contactListId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ContactListItemPayload }) =>
      id === undefined
        ? api.post<ContactListItem>('/contact-list-items', { ...payload, contactListId })
        : api.put<ContactListItem>(`/contact-list-items/${id}`, payload),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.items(contactListId) });
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.one(contactListId) });
    },
  });
}
