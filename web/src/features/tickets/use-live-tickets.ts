import { useEffect, useRef } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { liveSocket } from '../../lib/live-socket.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { ticketsQueryKeys } from './api/tickets-query-keys.ts';
import type { Message, MessagesPage, Ticket, TicketListFilter, TicketsPage } from './api/types.ts';
import { parseMessageEvent, upsertMessage } from './message-rules.ts';
import { createMissedMessageWatch } from './missed-message-watch.ts';
import {
  applyTicketEvent,
  applyUnreadEvent,
  parseTicketEvent,
  parseUnreadEvent,
  type TicketUnreadEvent,
  type TicketViewer,
} from './ticket-list-rules.ts';
import { applySearchEvent, type TicketSearchFilter } from './ticket-search.ts';
import { mergeNewer } from '../../lib/merge-newer.ts';

/**
 * Keeps every loaded ticket list and ticket detail current from the live `ticket` events
 * (core §4 Live updates). Joins the status rooms and the notification room while mounted.
 */
export function useLiveTickets(viewer: TicketViewer | undefined): void {
  const queryClient = useQueryClient();

  /** core §4 `updateUnread`: every loaded list, search and open ticket shows the new count. */
  const applyUnread = (event: TicketUnreadEvent) => {
    for (const key of [ticketsQueryKeys.lists(), ticketsQueryKeys.searches()]) {
      queryClient.setQueriesData<InfiniteData<TicketsPage>>({ queryKey: key }, (current) =>
        applyUnreadEvent(current, event),
      );
    }
    queryClient.setQueriesData<Ticket>({ queryKey: ticketsQueryKeys.details() }, (current) =>
      current && current.id === event.ticketId && current.unreadMessages !== event.unreadMessages
        ? { ...current, unreadMessages: event.unreadMessages }
        : current,
    );
  };

  useEffect(() => {
    const releases = [
      liveSocket.joinNotification(),
      liveSocket.joinTickets('open'),
      liveSocket.joinTickets('pending'),
      liveSocket.joinTickets('closed'),
    ];
    return () => releases.forEach((release) => release());
  }, []);

  useLiveEvent('ticket', (data) => {
    const unread = parseUnreadEvent(data);
    if (unread) {
      applyUnread(unread);
      return;
    }
    const event = parseTicketEvent(data);
    if (!event || !viewer) return;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsQueryKeys.lists() })) {
      const filter = query.queryKey[2] as TicketListFilter | undefined;
      if (!filter) continue;
      queryClient.setQueryData<InfiniteData<TicketsPage>>(query.queryKey, (current) =>
        applyTicketEvent(current, event, filter, viewer),
      );
    }
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsQueryKeys.searches() })) {
      const filter = query.queryKey[2] as TicketSearchFilter | undefined;
      if (!filter) continue;
      queryClient.setQueryData<InfiniteData<TicketsPage>>(query.queryKey, (current) =>
        applySearchEvent(current, event, filter),
      );
    }
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsQueryKeys.details() })) {
      const current = query.state.data as Ticket | undefined;
      if (!current) continue;
      if (event.action === 'delete' && current.id === event.ticketId) {
        queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      } else if (event.action === 'update' && current.id === event.ticket.id) {
        queryClient.setQueryData<Ticket>(query.queryKey, mergeNewer(current, event.ticket));
      }
    }
  });
}

/**
 * Joins the open chat's room and merges its live messages (appMessage create and update); reads
 * them again when its ticket moves to a newer message that the room did not bring
 * (missed-message-watch.ts).
 */
export function useLiveMessages(ticketId: number | undefined, shownLastMessageAt?: string | null): void {
  const queryClient = useQueryClient();
  const watch = useRef<ReturnType<typeof createMissedMessageWatch> | undefined>(undefined);
  useEffect(() => {
    if (ticketId === undefined) return;
    const leave = liveSocket.joinChatBox(ticketId);
    const missed = createMissedMessageWatch(
      () => void queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.messages(ticketId) }),
    );
    watch.current = missed;
    return () => {
      missed.stop();
      if (watch.current === missed) watch.current = undefined;
      leave();
    };
  }, [ticketId, queryClient]);

  useEffect(() => {
    watch.current?.shown(shownLastMessageAt);
  }, [ticketId, shownLastMessageAt]);

  useLiveEvent('ticket', (data) => {
    const event = parseTicketEvent(data);
    if (event?.action === 'update' && event.ticket.id === ticketId) watch.current?.ticketChanged(event.ticket);
  });

  useLiveEvent('appMessage', (data) => {
    const event = parseMessageEvent(data);
    if (!event) return;
    if (event.ticketId === ticketId) watch.current?.messageHeard();
    queryClient.setQueryData<InfiniteData<MessagesPage>>(ticketsQueryKeys.messages(event.ticketId), (current) =>
      upsertMessage(current, event.message as Message),
    );
  });
}
