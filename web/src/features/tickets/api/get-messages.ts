import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { MessagesPage } from './types.ts';

/** GET /messages/{ticketId}: page 1 is the newest 40, each page oldest to newest. */
export function getMessages(ticketId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber }, signal);
}

export function messagesInfiniteQueryOptions(ticketId: number) {
  return infiniteQueryOptions({
    queryKey: ticketsQueryKeys.messages(ticketId),
    queryFn: ({ pageParam, signal }) => getMessages(ticketId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useMessages(ticketId: number | undefined) {
  return useInfiniteQuery({ ...messagesInfiniteQueryOptions(ticketId ?? 0), enabled: ticketId !== undefined });
}
