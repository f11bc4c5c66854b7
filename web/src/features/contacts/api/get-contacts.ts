import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import type { ContactsPage } from './types.ts';
import { searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

/** GET /contacts: any word of the name (accents ignored) or the end of the number. */
export function getContacts(params: SearchParams, signal?: AbortSignal) {
  return api.get<ContactsPage>('/contacts', params, signal);
}

/** The contact list, page by page while hasMore holds (core §9 infinite scroll). */
export function contactsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(contactsQueryKeys.list(searchParam), getContacts, searchParam);
}

export function useContacts(searchParam: string) {
  return useInfiniteQuery(contactsInfiniteQueryOptions(searchParam));
}
