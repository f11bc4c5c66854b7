import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Ticket, TicketsPage } from '../../tickets/api/types.ts';
import { isNotificationTicket } from '../notification-rules.ts';

export const notificationsQueryKeys = {
  all: ['notifications'] as const,
  unread: (userId: number) => ['notifications', 'unread', userId] as const,
};

/**
 * GET /tickets with withUnreadMessages, for the viewer's own open tickets and the pending ones:
 * what the notifications popover starts from before live events keep it current.
 */
export async function getUnreadTickets(viewerId: number, signal?: AbortSignal): Promise<Ticket[]> {
  const pages = await Promise.all(
    (['open', 'pending'] as const).map((status) =>
      api.get<TicketsPage>(
        '/tickets',
        { pageNumber: 1, status, showAll: false, withUnreadMessages: true },
        signal,
      ),
    ),
  );
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.tickets ?? [])
    .filter((ticket) => !seen.has(ticket.id) && seen.add(ticket.id) && isNotificationTicket(ticket, viewerId))
    .sort((a, b) =>
      (b.lastMessageAt ?? b.updatedAt ?? '').localeCompare(a.lastMessageAt ?? a.updatedAt ?? ''),
    );
}

export function unreadTicketsQueryOptions(viewerId: number) {
  return queryOptions({
    queryKey: notificationsQueryKeys.unread(viewerId),
    queryFn: ({ signal }) => getUnreadTickets(viewerId, signal),
    meta: { silent: true },
    staleTime: Infinity,
  });
}

export function useUnreadTickets(viewerId: number | undefined, enabled: boolean) {
  return useQuery({
    ...unreadTicketsQueryOptions(viewerId ?? 0),
    enabled: enabled && viewerId !== undefined,
  });
}
