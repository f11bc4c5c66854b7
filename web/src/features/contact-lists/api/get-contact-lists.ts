import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactList, ContactListsPage } from './types.ts';

/** GET /contact-lists: search and page (records, hasMore). */
export async function getContactLists(
  params: { searchParam: string; pageNumber: number },
  signal?: AbortSignal,
) {
  const page = await api.get<ContactListsPage>('/contact-lists', params, signal);
  return { ...page, records: Array.isArray(page?.records) ? page.records : [], hasMore: !!page?.hasMore };
}

export function contactListsInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: contactListsQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getContactLists({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactLists(searchParam: string) {
  return useInfiniteQuery(contactListsInfiniteQueryOptions(searchParam));
}

/** GET /contact-lists/{id}: one list, with its latest import's progress. */
export function getContactList(id: number, signal?: AbortSignal) {
  return api.get<ContactList>(`/contact-lists/${id}`, undefined, signal);
}

export function contactListQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactListsQueryKeys.one(id),
    queryFn: ({ signal }) => getContactList(id, signal),
  });
}

export function useContactList(id: number) {
  return useQuery(contactListQueryOptions(id));
}
