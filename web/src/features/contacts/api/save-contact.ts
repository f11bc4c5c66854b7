import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { Contact, ContactPayload } from './types.ts';

export function createContact(payload: ContactPayload) {
  return api.post<Contact>('/contacts', payload);
}

export function updateContact(id: number, payload: ContactPayload) {
  return api.put<Contact>(`/contacts/${id}`, payload);
}

/**
 * POST /contacts (409 ERR_DUPLICATED_CONTACT, 400 ERR_WAPP_INVALID_CONTACT) or PUT /contacts/{id}.
 * The saved contact goes into its detail cache; lists, and tickets showing its name, reload.
 */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ContactPayload }) =>
      id === undefined ? createContact(payload) : updateContact(id, payload),
    onSuccess: async (contact) => {
      if (contact && typeof contact === 'object' && typeof contact.id === 'number') {
        queryClient.setQueryData(contactsQueryKeys.detail(contact.id), contact);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['tickets'] }),
      ]);
    },
  });
}
