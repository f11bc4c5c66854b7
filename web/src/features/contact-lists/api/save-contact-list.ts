import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactList, ContactListPayload } from './types.ts';

export function createContactList(payload: ContactListPayload) {
  return api.post<ContactList>('/contact-lists', payload);
}

export function updateContactList(id: number, payload: ContactListPayload) {
  return api.put<ContactList>(`/contact-lists/${id}`, payload);
}

/** POST /contact-lists or PUT /contact-lists/{id}; the lists reload. */
export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ContactListPayload }) =>
      id === undefined ? createContactList(payload) : updateContactList(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.all }),
  });
}
