import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { TicketSearchFilter } from '../ticket-search.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { TicketsPage } from './types.ts';

/**
 * GET /tickets with searchParam, tags and users (core §2 search tab, §7): tickets of any status
 * whose messages or contact hold every word and that carry every tag, newest conversation first,
 * a page of 40. The server applies `users` for admins only.
 */
export function searchTickets(filter: TicketSearchFilter, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketsPage>(
    '/tickets',
    {
      pageNumber,
      searchParam: filter.text.trim() || undefined,
      tags: filter.tagIds.length > 0 ? JSON.stringify(filter.tagIds) : undefined,
      users: filter.userIds.length > 0 ? JSON.stringify(filter.userIds) : undefined,
    },
    signal,
  );
}

export function searchTicketsInfiniteQueryOptions(filter: TicketSearchFilter) {
  return infiniteQueryOptions({
    queryKey: ticketsQueryKeys.search(filter),
    queryFn: ({ pageParam, signal }) => searchTickets(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: { silent: true },
  });
}

/** The search results; asks nothing until the filter has a text or a tag. */
export function useSearchTickets(filter: TicketSearchFilter, enabled: boolean) {
  return useInfiniteQuery({ ...searchTicketsInfiniteQueryOptions(filter), enabled });
}
