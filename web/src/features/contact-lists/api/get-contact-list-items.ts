import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactListsQueryKeys } from './contact-lists-query-keys.ts';
import type { ContactListItemsPage } from './types.ts';

/** GET /contact-list-items: one list's items by name, with search and pages. */
export async function getContactListItems(
  params: { contactListId: number; searchParam: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<ContactListItemsPage> {
  const page = await api.get<ContactListItemsPage>('/contact-list-items', params, signal);
  return { ...page, contacts: Array.isArray(page?.contacts) ? page.contacts : [], hasMore: !!page?.hasMore };
}

export function contactListItemsInfiniteQueryOptions(contactListId: number, searchParam: string) {
  return infiniteQueryOptions({
    queryKey: contactListsQueryKeys.itemList(contactListId, searchParam),
    queryFn: ({ pageParam, signal }) =>
      getContactListItems({ contactListId, searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContactListItems(contactListId: number, searchParam: string) {
  return useInfiniteQuery(contactListItemsInfiniteQueryOptions(contactListId, searchParam));
}
