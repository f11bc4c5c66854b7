import type { InfiniteData } from '@tanstack/react-query';
import type { Ticket, TicketListFilter, TicketsPage } from './api/types.ts';

/** Who is looking at the lists. */
export interface TicketViewer {
  id: number;
  isAdmin: boolean;
  /** The viewer's own queues: a user-profile agent sees only these (core §6). */
  queueIds: number[];
}

/** The live `ticket` event (core §4 Live updates). */
export type TicketLiveEvent = { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

export function parseTicketEvent(data: unknown): TicketLiveEvent | undefined {
  if (!isRecord(data)) return undefined;
  if (data.action === 'delete') {
    const id = Number(data.ticketId ?? (isRecord(data.ticket) ? data.ticket.id : undefined));
    return Number.isInteger(id) && id > 0 ? { action: 'delete', ticketId: id } : undefined;
  }
  if ((data.action === 'update' || data.action === 'create') && isRecord(data.ticket)) {
    const ticket = data.ticket as unknown as Ticket;
    return Number.isInteger(ticket.id) && typeof ticket.status === 'string' ? { action: 'update', ticket } : undefined;
  }
  return undefined;
}

/**
 * Whether a ticket belongs in a list (core §4 Live updates: by status, user, queue and show-all).
 * - the status must match the tab's;
 * - pending tickets are everyone's; open and closed ones are the viewer's own unless show-all is
 *   on (a ticket with no user yet is nobody's, so it shows too);
 * - the queue filter (or, for an agent without one, the agent's own queues) must hold the
 *   ticket's queue; a ticket without a queue passes.
 */
export function ticketBelongs(ticket: Ticket, filter: TicketListFilter, viewer: TicketViewer): boolean {
  if (ticket.status !== filter.status) return false;
  if (ticket.status !== 'pending' && !filter.showAll && ticket.userId !== null && ticket.userId !== viewer.id) {
    return false;
  }
  const queues = filter.queueIds.length > 0 ? filter.queueIds : viewer.isAdmin ? [] : viewer.queueIds;
  if (queues.length > 0 && ticket.queueId !== null && !queues.includes(ticket.queueId)) return false;
  return true;
}

const hasTicket = (pages: readonly TicketsPage[], id: number) =>
  pages.some((page) => page.tickets.some((ticket) => ticket.id === id));

function withCount(page: TicketsPage, delta: number): TicketsPage {
  return typeof page.count === 'number' ? { ...page, count: Math.max(0, page.count + delta) } : page;
}

/**
 * Merges a live ticket event into one list's pages. A ticket that belongs goes first (newest
 * activity first), replacing its old copy; one that no longer belongs, or was deleted, is dropped.
 * The first page's count follows, so the tab badges stay right. An unloaded list stays unloaded.
 */
export function applyTicketEvent(
  data: InfiniteData<TicketsPage> | undefined,
  event: TicketLiveEvent,
  filter: TicketListFilter,
  viewer: TicketViewer,
): InfiniteData<TicketsPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  const id = event.action === 'delete' ? event.ticketId : event.ticket.id;
  const present = hasTicket(data.pages, id);
  const stripped = data.pages.map((page) =>
    present ? { ...page, tickets: page.tickets.filter((ticket) => ticket.id !== id) } : page,
  );
  if (event.action === 'update' && ticketBelongs(event.ticket, filter, viewer)) {
    const old = present
      ? data.pages.flatMap((page) => page.tickets).find((ticket) => ticket.id === id)
      : undefined;
    const ticket = old ? { ...old, ...event.ticket } : event.ticket;
    const pages = stripped.map((page, index) =>
      index === 0 ? withCount({ ...page, tickets: [ticket, ...page.tickets] }, present ? 0 : 1) : page,
    );
    return { ...data, pages };
  }
  if (!present) return data;
  return { ...data, pages: stripped.map((page, index) => (index === 0 ? withCount(page, -1) : page)) };
}

/** The count badge of a list: the server's count, or what is loaded when it sends none. */
export function listCount(data: InfiniteData<TicketsPage> | undefined): number {
  if (!data || data.pages.length === 0) return 0;
  const first = data.pages[0];
  if (first && typeof first.count === 'number') return first.count;
  return data.pages.reduce((sum, page) => sum + page.tickets.length, 0);
}

/** The live `ticket` event `updateUnread` (core §4): a ticket's unread count moved. */
export type TicketUnreadEvent = { ticketId: number; unreadMessages: number };

export function parseUnreadEvent(data: unknown): TicketUnreadEvent | undefined {
  if (!isRecord(data) || data.action !== 'updateUnread') return undefined;
  const ticketId = Number(data.ticketId);
  const unreadMessages = Number(data.unreadMessages);
  return Number.isInteger(ticketId) && ticketId > 0 && Number.isInteger(unreadMessages) && unreadMessages >= 0
    ? { ticketId, unreadMessages }
    : undefined;
}

/**
 * A list with the ticket's new unread count, in place (the count does not move a ticket between
 * lists or up the list: the `update` that comes with a new message does); unchanged data when the
 * list does not hold the ticket or already shows that count.
 */
export function applyUnreadEvent(
  data: InfiniteData<TicketsPage> | undefined,
  event: TicketUnreadEvent,
): InfiniteData<TicketsPage> | undefined {
  if (!data) return data;
  const stale = (ticket: Ticket) =>
    ticket.id === event.ticketId && ticket.unreadMessages !== event.unreadMessages;
  if (!data.pages.some((page) => page.tickets.some(stale))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((ticket) =>
        stale(ticket) ? { ...ticket, unreadMessages: event.unreadMessages } : ticket,
      ),
    })),
  };
}
