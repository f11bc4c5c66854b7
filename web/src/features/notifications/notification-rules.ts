import type { Ticket } from '../tickets/api/types.ts';
import type { TicketLiveEvent } from '../tickets/ticket-list-rules.ts';

/**
 * The notifications popover (core §2 Layout): which tickets it lists and which live change rings.
 * Like the source product, it lists the viewer's own open tickets and the pending ones (waiting
 * for anyone) that have unread messages, among the tickets the server lets the viewer see.
 */

/** What the popover remembers of a ticket to tell a new customer message from any other change. */
export interface SeenTicket {
  unreadMessages: number;
  lastMessageAt: string | null;
}

export function isNotificationTicket(ticket: Ticket, viewerId: number): boolean {
  if ((ticket.unreadMessages ?? 0) <= 0) return false;
  if (ticket.status === 'pending') return true;
  return ticket.status === 'open' && (ticket.userId === viewerId || ticket.userId === null);
}

/** Newest message first; tickets without one last. */
function byNewestMessage(a: Ticket, b: Ticket): number {
  return (b.lastMessageAt ?? b.updatedAt ?? '').localeCompare(a.lastMessageAt ?? a.updatedAt ?? '');
}

/** The popover's list after a live `ticket` event: the ticket is added, replaced or dropped. */
export function applyNotificationEvent(
  list: readonly Ticket[],
  event: TicketLiveEvent,
  viewerId: number,
): Ticket[] {
  const id = event.action === 'delete' ? event.ticketId : event.ticket.id;
  const others = list.filter((ticket) => ticket.id !== id);
  if (event.action === 'delete') return others;
  const old = list.find((ticket) => ticket.id === id);
  const ticket = old ? { ...old, ...event.ticket } : event.ticket;
  return isNotificationTicket(ticket, viewerId) ? [...others, ticket].sort(byNewestMessage) : others;
}

/** Whether the ticket is the one this tab is showing: its chat is open (by id or uuid) and the tab is in view. */
export function isShownTicket(
  ticket: Pick<Ticket, 'id' | 'uuid'>,
  shownTicket: string | undefined,
  tabVisible: boolean,
): boolean {
  return (
    tabVisible &&
    shownTicket !== undefined &&
    (shownTicket === ticket.uuid || shownTicket === String(ticket.id))
  );
}

export interface RingContext {
  viewerId: number;
  /** The ticket id or uuid of the chat the page shows, if any. */
  shownTicket: string | undefined;
  tabVisible: boolean;
  /** How the ticket looked before this event, when it was seen (in a list or an earlier event). */
  before: SeenTicket | undefined;
  now: number;
}

/** A ticket never seen before rings only for a message this recent (clock differences included). */
export const freshMessageMs = 120_000;

/**
 * A live ticket update rings when a customer message arrived: the ticket is listed in the popover,
 * its unread count went up and its last message changed (so a tag or transfer does not ring), and
 * this tab is not showing that ticket. For a ticket never seen before, its last message must be fresh.
 */
export function shouldRing(event: TicketLiveEvent, context: RingContext): boolean {
  if (event.action !== 'update') return false;
  const { ticket } = event;
  if (!isNotificationTicket(ticket, context.viewerId)) return false;
  if (isShownTicket(ticket, context.shownTicket, context.tabVisible)) return false;
  const unread = ticket.unreadMessages ?? 0;
  const { before } = context;
  if (before)
    return unread > before.unreadMessages && (ticket.lastMessageAt ?? null) !== before.lastMessageAt;
  const at = ticket.lastMessageAt ? Date.parse(ticket.lastMessageAt) : NaN;
  return Number.isFinite(at) && Math.abs(context.now - at) <= freshMessageMs;
}

export function seenOf(ticket: Ticket): SeenTicket {
  return { unreadMessages: ticket.unreadMessages ?? 0, lastMessageAt: ticket.lastMessageAt ?? null };
}

/** The chime's loudest point for the stored volume (0..1): volume 0 is silence, no sound at all. */
export function chimePeakGain(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  return 0.35 * Math.min(1, volume);
}

/** The ticket id or uuid in a path like /tickets/{id}, if the page shows one. */
export function ticketOfPath(pathname: string): string | undefined {
  const match = /^\/tickets\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
