import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { Contact } from './types.ts';

export function getContact(id: number, signal?: AbortSignal) {
  return api.get<Contact>(`/contacts/${id}`, undefined, signal);
}

export function contactQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactsQueryKeys.detail(id),
    queryFn: ({ signal }) => getContact(id, signal),
    staleTime: 0,
  });
}

export function useContact(id: number | undefined) {
  return useQuery({ ...contactQueryOptions(id ?? 0), enabled: id !== undefined });
}
