import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactList, ContactListsPage } from './types.ts';
import { getListPage, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

/** GET /contact-lists: search and page (records, hasMore). */
export function getContactLists(params: SearchParams, signal?: AbortSignal) {
  return getListPage<ContactListsPage>('/contact-lists', 'records', params, signal);
}

export function contactListsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(contactListsQueryKeys.list(searchParam), getContactLists, searchParam);
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
