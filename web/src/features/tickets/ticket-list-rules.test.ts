import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Ticket, TicketListFilter, TicketsPage } from './api/types.ts';
import {
  applyTicketEvent,
  applyUnreadEvent,
  listCount,
  parseTicketEvent,
  parseUnreadEvent,
  ticketBelongs,
  type TicketViewer,
} from './ticket-list-rules.ts';

const me: TicketViewer = { id: 7, isAdmin: false, queueIds: [1] };
const admin: TicketViewer = { id: 1, isAdmin: true, queueIds: [] };

function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    id: 10,
    uuid: '6f1d1c62-5b8e-4f38-9e6b-0c7b2b9a1a10',
    status: 'pending',
    contactId: 3,
    whatsappId: 1,
    queueId: null,
    userId: null,
    updatedAt: '2025-05-01T10:00:00.000Z',
    ...over,
  };
}

const filter = (status: Ticket['status'], showAll = false, queueIds: number[] = []): TicketListFilter => ({
  status,
  showAll,
  queueIds,
});

function pages(...lists: Ticket[][]): InfiniteData<TicketsPage> {
  return {
    pages: lists.map((tickets, index) => ({ tickets, hasMore: index < lists.length - 1, ...(index === 0 ? { count: 5 } : {}) })),
    pageParams: lists.map((_, index) => index + 1),
  };
}

describe('ticketBelongs', () => {
  it('needs the same status', () => {
    expect(ticketBelongs(ticket({ status: 'open', userId: 7 }), filter('pending'), me)).toBe(false);
    expect(ticketBelongs(ticket({ status: 'pending' }), filter('pending'), me)).toBe(true);
  });

  it('shows open and closed tickets of others only with show-all', () => {
    const others = ticket({ status: 'open', userId: 9 });
    expect(ticketBelongs(others, filter('open'), me)).toBe(false);
    expect(ticketBelongs(others, filter('open', true), admin)).toBe(true);
    expect(ticketBelongs(ticket({ status: 'open', userId: 7 }), filter('open'), me)).toBe(true);
    expect(ticketBelongs(ticket({ status: 'closed', userId: 9 }), filter('closed'), me)).toBe(false);
    expect(ticketBelongs(ticket({ status: 'closed', userId: 9 }), filter('closed', true), admin)).toBe(true);
  });

  it('shows pending tickets whoever holds them', () => {
    expect(ticketBelongs(ticket({ status: 'pending', userId: 9 }), filter('pending'), me)).toBe(true);
  });

  it('filters by the chosen queues, or an agent’s own queues; no queue passes', () => {
    expect(ticketBelongs(ticket({ queueId: 2 }), filter('pending'), me)).toBe(false);
    expect(ticketBelongs(ticket({ queueId: 1 }), filter('pending'), me)).toBe(true);
    expect(ticketBelongs(ticket({ queueId: null }), filter('pending'), me)).toBe(true);
    expect(ticketBelongs(ticket({ queueId: 2 }), filter('pending'), admin)).toBe(true);
    expect(ticketBelongs(ticket({ queueId: 2 }), filter('pending', true, [3]), admin)).toBe(false);
    expect(ticketBelongs(ticket({ queueId: 3 }), filter('pending', true, [3]), admin)).toBe(true);
  });
});

describe('applyTicketEvent', () => {
  const other = ticket({ id: 20 });

  it('adds a new ticket that belongs first, and counts it', () => {
    const next = applyTicketEvent(pages([other]), { action: 'update', ticket: ticket() }, filter('pending'), me);
    expect(next?.pages[0]?.tickets.map((item) => item.id)).toEqual([10, 20]);
    expect(next?.pages[0]?.count).toBe(6);
  });

  it('replaces a ticket it holds and moves it first, without counting twice', () => {
    const old = ticket({ lastMessage: 'old' });
    const next = applyTicketEvent(
      pages([other], [old]),
      { action: 'update', ticket: ticket({ lastMessage: 'new' }) },
      filter('pending'),
      me,
    );
    expect(next?.pages[0]?.tickets.map((item) => item.lastMessage ?? '')).toEqual(['new', '']);
    expect(next?.pages[1]?.tickets).toEqual([]);
    expect(next?.pages[0]?.count).toBe(5);
  });

  it('drops a ticket that no longer belongs (accepted: pending → open)', () => {
    const accepted = ticket({ status: 'open', userId: 7 });
    const pending = applyTicketEvent(pages([ticket(), other]), { action: 'update', ticket: accepted }, filter('pending'), me);
    expect(pending?.pages[0]?.tickets.map((item) => item.id)).toEqual([20]);
    expect(pending?.pages[0]?.count).toBe(4);
    const open = applyTicketEvent(pages([]), { action: 'update', ticket: accepted }, filter('open'), me);
    expect(open?.pages[0]?.tickets.map((item) => item.id)).toEqual([10]);
  });

  it('does not add another agent’s open ticket without show-all', () => {
    const data = pages([other]);
    const next = applyTicketEvent(data, { action: 'update', ticket: ticket({ status: 'open', userId: 9 }) }, filter('open'), me);
    expect(next).toBe(data);
  });

  it('removes a deleted ticket from whichever page holds it', () => {
    const next = applyTicketEvent(pages([other], [ticket()]), { action: 'delete', ticketId: 10 }, filter('pending'), me);
    expect(next?.pages.flatMap((page) => page.tickets).map((item) => item.id)).toEqual([20]);
    expect(next?.pages[0]?.count).toBe(4);
  });

  it('leaves an unloaded list alone', () => {
    expect(applyTicketEvent(undefined, { action: 'delete', ticketId: 1 }, filter('open'), me)).toBeUndefined();
  });
});

describe('parseTicketEvent and listCount', () => {
  it('reads update and delete events and ignores the rest', () => {
    expect(parseTicketEvent({ action: 'update', ticket: ticket() })).toEqual({ action: 'update', ticket: ticket() });
    expect(parseTicketEvent({ action: 'delete', ticketId: 4 })).toEqual({ action: 'delete', ticketId: 4 });
    expect(parseTicketEvent({ action: 'update' })).toBeUndefined();
    expect(parseTicketEvent('nope')).toBeUndefined();
  });

  it('uses the server count, or what is loaded', () => {
    expect(listCount(pages([ticket()]))).toBe(5);
    expect(listCount({ pages: [{ tickets: [ticket(), ticket({ id: 2 })], hasMore: false }], pageParams: [1] })).toBe(2);
    expect(listCount(undefined)).toBe(0);
  });
});

describe('updateUnread (core §4)', () => {
  it('reads the event and nothing else', () => {
    expect(parseUnreadEvent({ action: 'updateUnread', ticketId: 10, unreadMessages: 0 })).toEqual({
      ticketId: 10,
      unreadMessages: 0,
    });
    expect(parseUnreadEvent({ action: 'update', ticketId: 10, unreadMessages: 0 })).toBeUndefined();
    expect(parseUnreadEvent({ action: 'updateUnread', ticketId: 10, unreadMessages: -1 })).toBeUndefined();
    expect(parseUnreadEvent({ action: 'updateUnread', unreadMessages: 2 })).toBeUndefined();
    // The list rules leave it alone: it is not an update.
    expect(parseTicketEvent({ action: 'updateUnread', ticketId: 10, unreadMessages: 0 })).toBeUndefined();
  });

  it('sets the count of the ticket in place, on whichever page holds it', () => {
    const data = pages([ticket({ id: 1, unreadMessages: 0 })], [ticket({ id: 10, unreadMessages: 3 })]);
    const read = applyUnreadEvent(data, { ticketId: 10, unreadMessages: 0 })!;
    expect(read.pages.map((page) => page.tickets.map((t) => [t.id, t.unreadMessages]))).toEqual([
      [[1, 0]],
      [[10, 0]],
    ]);
    expect(read.pages[0]!.count).toBe(5);
  });

  it('leaves a list without the ticket, or already showing the count, as it was', () => {
    const data = pages([ticket({ id: 1, unreadMessages: 2 })]);
    expect(applyUnreadEvent(data, { ticketId: 10, unreadMessages: 0 })).toBe(data);
    expect(applyUnreadEvent(data, { ticketId: 1, unreadMessages: 2 })).toBe(data);
    expect(applyUnreadEvent(undefined, { ticketId: 1, unreadMessages: 0 })).toBeUndefined();
  });
});
