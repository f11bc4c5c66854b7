import { describe, expect, it } from 'vitest';
import type { Ticket } from '../tickets/api/types.ts';
import {
  applyNotificationEvent,
  chimePeakGain,
  freshMessageMs,
  isNotificationTicket,
  isShownTicket,
  seenOf,
  shouldRing,
  ticketOfPath,
  type RingContext,
} from './notification-rules.ts';

const me = 7;
const now = Date.parse('2026-03-02T12:00:00.000Z');
const earlier = '2026-03-02T11:00:00.000Z';
const justNow = '2026-03-02T11:59:58.000Z';

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 10,
  uuid: 'u-10',
  status: 'open',
  contactId: 3,
  whatsappId: 1,
  queueId: null,
  userId: me,
  unreadMessages: 0,
  lastMessage: 'hola',
  lastMessageAt: earlier,
  updatedAt: earlier,
  ...over,
});
const update = (over: Partial<Ticket>) => ({ action: 'update' as const, ticket: ticket(over) });
const context = (over: Partial<RingContext> = {}): RingContext => ({
  viewerId: me,
  shownTicket: undefined,
  tabVisible: true,
  before: seenOf(ticket()),
  now,
  ...over,
});

describe('which tickets the notifications list', () => {
  it('lists my open tickets and pending ones with unread messages', () => {
    expect(isNotificationTicket(ticket({ unreadMessages: 2 }), me)).toBe(true);
    expect(isNotificationTicket(ticket({ status: 'pending', userId: null, unreadMessages: 1 }), me)).toBe(
      true,
    );
    expect(isNotificationTicket(ticket({ status: 'open', userId: null, unreadMessages: 1 }), me)).toBe(true);
  });

  it('leaves out read tickets, other agents’ open tickets and closed ones', () => {
    expect(isNotificationTicket(ticket({ unreadMessages: 0 }), me)).toBe(false);
    expect(isNotificationTicket(ticket({ userId: 99, unreadMessages: 3 }), me)).toBe(false);
    expect(isNotificationTicket(ticket({ status: 'closed', unreadMessages: 3 }), me)).toBe(false);
  });

  it('adds, replaces (newest message first) and drops tickets from live events', () => {
    const a = ticket({ id: 1, unreadMessages: 1, lastMessageAt: earlier });
    let list = applyNotificationEvent([], { action: 'update', ticket: a }, me);
    expect(list.map((t) => t.id)).toEqual([1]);
    list = applyNotificationEvent(list, update({ id: 2, unreadMessages: 1, lastMessageAt: justNow }), me);
    expect(list.map((t) => t.id)).toEqual([2, 1]);
    // Read (unread back to 0): dropped.
    list = applyNotificationEvent(list, update({ id: 2, unreadMessages: 0, lastMessageAt: justNow }), me);
    expect(list.map((t) => t.id)).toEqual([1]);
    // Transferred to someone else: dropped.
    expect(applyNotificationEvent(list, update({ id: 1, userId: 99, unreadMessages: 4 }), me)).toEqual([]);
    expect(applyNotificationEvent(list, { action: 'delete', ticketId: 1 }, me)).toEqual([]);
  });
});

describe('which live change rings', () => {
  it('rings for a new customer message on my ticket while I look at another page', () => {
    expect(shouldRing(update({ unreadMessages: 1, lastMessageAt: justNow }), context())).toBe(true);
  });

  it('rings for a pending ticket waiting for anyone', () => {
    const event = update({ status: 'pending', userId: null, unreadMessages: 1, lastMessageAt: justNow });
    expect(shouldRing(event, context({ before: undefined }))).toBe(true);
  });

  it('does not ring while this tab shows that ticket (by uuid or id), but does when the tab is hidden', () => {
    const event = update({ unreadMessages: 1, lastMessageAt: justNow });
    expect(shouldRing(event, context({ shownTicket: 'u-10' }))).toBe(false);
    expect(shouldRing(event, context({ shownTicket: '10' }))).toBe(false);
    expect(shouldRing(event, context({ shownTicket: 'u-10', tabVisible: false }))).toBe(true);
    expect(shouldRing(event, context({ shownTicket: 'u-11' }))).toBe(true);
    expect(isShownTicket({ id: 10, uuid: 'u-10' }, undefined, true)).toBe(false);
  });

  it('does not ring for changes that are not a new customer message', () => {
    const before = seenOf(ticket({ unreadMessages: 2, lastMessageAt: earlier }));
    // A tag or queue change: unread and last message as they were.
    expect(shouldRing(update({ unreadMessages: 2, lastMessageAt: earlier }), context({ before }))).toBe(
      false,
    );
    // The agent's own reply: the last message changes, unread does not.
    expect(shouldRing(update({ unreadMessages: 2, lastMessageAt: justNow }), context({ before }))).toBe(
      false,
    );
    // Read.
    expect(shouldRing(update({ unreadMessages: 0, lastMessageAt: earlier }), context({ before }))).toBe(
      false,
    );
    expect(shouldRing({ action: 'delete', ticketId: 10 }, context())).toBe(false);
  });

  it('does not ring for tickets that are not mine or are closed', () => {
    expect(shouldRing(update({ userId: 99, unreadMessages: 1, lastMessageAt: justNow }), context())).toBe(
      false,
    );
    expect(
      shouldRing(update({ status: 'closed', unreadMessages: 1, lastMessageAt: justNow }), context()),
    ).toBe(false);
  });

  it('for a ticket never seen, rings only when its last message is fresh (a transfer of an old one does not)', () => {
    const fresh = update({ unreadMessages: 3, lastMessageAt: justNow });
    expect(shouldRing(fresh, context({ before: undefined }))).toBe(true);
    const stale = update({
      unreadMessages: 3,
      lastMessageAt: new Date(now - freshMessageMs - 1).toISOString(),
    });
    expect(shouldRing(stale, context({ before: undefined }))).toBe(false);
    expect(
      shouldRing(update({ unreadMessages: 3, lastMessageAt: null }), context({ before: undefined })),
    ).toBe(false);
  });
});

describe('the chime and the page', () => {
  it('is silent at volume 0 and follows the volume otherwise', () => {
    expect(chimePeakGain(0)).toBe(0);
    expect(chimePeakGain(Number.NaN)).toBe(0);
    expect(chimePeakGain(0.5)).toBeCloseTo(chimePeakGain(1) / 2);
    expect(chimePeakGain(2)).toBe(chimePeakGain(1));
  });

  it('finds the ticket a path shows', () => {
    expect(ticketOfPath('/tickets/abc-123')).toBe('abc-123');
    expect(ticketOfPath('/tickets/42/')).toBe('42');
    expect(ticketOfPath('/tickets')).toBeUndefined();
    expect(ticketOfPath('/contacts')).toBeUndefined();
  });
});
