import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { ContactsPage } from './types.ts';

/** GET /contacts: any word of the name (accents ignored) or the end of the number. */
export function getContacts(params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) {
  return api.get<ContactsPage>('/contacts', params, signal);
}

/** The contact list, page by page while hasMore holds (core §9 infinite scroll). */
export function contactsInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: contactsQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getContacts({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContacts(searchParam: string) {
  return useInfiniteQuery(contactsInfiniteQueryOptions(searchParam));
}
