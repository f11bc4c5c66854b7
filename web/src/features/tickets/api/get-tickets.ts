import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { TicketListFilter, TicketsPage } from './types.ts';

/** GET /tickets: one page of 40, newest activity first. The later filters go only when set. */
export function getTickets(filter: TicketListFilter, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketsPage>(
    '/tickets',
    {
      pageNumber,
      status: filter.status,
      showAll: filter.showAll,
      queueIds: filter.queueIds.length > 0 ? JSON.stringify(filter.queueIds) : undefined,
      withUnreadMessages: false,
    },
    signal,
  );
}

export function ticketsInfiniteQueryOptions(filter: TicketListFilter) {
  return infiniteQueryOptions({
    queryKey: ticketsQueryKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getTickets(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: { silent: true },
  });
}

export function useTickets(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({ ...ticketsInfiniteQueryOptions(filter), enabled });
}
