import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '../../i18n/index.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { readVolume } from '../../lib/volume.ts';
import type { Ticket } from '../tickets/api/types.ts';
import { plainPreview } from '../tickets/ticket-format.ts';
import { parseTicketEvent } from '../tickets/ticket-list-rules.ts';
import { notificationsQueryKeys, useUnreadTickets } from './api/get-unread-tickets.ts';
import { playChime, showBrowserNotification } from './notification-alert.ts';
import {
  applyNotificationEvent,
  isShownTicket,
  seenOf,
  shouldRing,
  ticketOfPath,
  type SeenTicket,
} from './notification-rules.ts';

const tabVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The notifications of the top bar (core §2 Layout): the tickets with unread messages, kept
 * current by the live `ticket` events (they reach everyone who may see the ticket, on every page),
 * and a chime plus a browser notification when a customer message arrives for a ticket this tab
 * is not showing. The ticket the page shows is left out of the list: it is being read.
 */
export function useNotifications(viewerId: number | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useUnreadTickets(viewerId, enabled);
  const seen = useRef(new Map<number, SeenTicket>());
  const shownTicket = ticketOfPath(pathname);

  useEffect(() => {
    for (const ticket of query.data ?? []) seen.current.set(ticket.id, seenOf(ticket));
  }, [query.data]);

  // Events missed while the socket was down are read again by resyncOnOpen (lib/live-resync.ts).
  const alert = (ticket: Ticket) => {
    playChime(readVolume());
    const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
    showBrowserNotification({
      title: t('notifications.newMessage', { name }),
      body: plainPreview(ticket.lastMessage),
      tag: `ticket-${ticket.id}`,
      icon: ticket.contact?.profilePicUrl ?? undefined,
      onClick: () => void navigate(`/tickets/${ticket.uuid}`),
    });
  };

  useLiveEvent(enabled ? 'ticket' : undefined, (data) => {
    const event = parseTicketEvent(data);
    if (!event || viewerId === undefined) return;
    const id = event.action === 'delete' ? event.ticketId : event.ticket.id;
    const ring = shouldRing(event, {
      viewerId,
      shownTicket,
      tabVisible: tabVisible(),
      before: seen.current.get(id),
      now: Date.now(),
    });
    if (event.action === 'update') seen.current.set(id, seenOf(event.ticket));
    else seen.current.delete(id);
    queryClient.setQueryData<Ticket[]>(notificationsQueryKeys.unread(viewerId), (list) =>
      list ? applyNotificationEvent(list, event, viewerId) : list,
    );
    if (ring && event.action === 'update') alert(event.ticket);
  });

  const tickets = useMemo(
    () => (query.data ?? []).filter((ticket) => !isShownTicket(ticket, shownTicket, true)),
    [query.data, shownTicket],
  );
  return { tickets, isLoading: query.isLoading };
}
