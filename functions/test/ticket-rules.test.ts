import { describe, expect, it } from 'vitest';
import { ticketIndexKeys, ticketSortKey } from '../src/domain/ticket-keys.ts';
import { mergeNewestFirst, ticketListPartitions } from '../src/domain/ticket-lists.ts';
import { planTicketChange } from '../src/domain/ticket-transitions.ts';
import { canSeeTicket } from '../src/domain/ticket-visibility.ts';

const me = { userId: 5, isAdmin: false };

describe('the ticket transition table', () => {
  const pending = { status: 'pending' as const, userId: null, queueId: 2, whatsappId: 1 };
  const open = { status: 'open' as const, userId: 5, queueId: 2, whatsappId: 1 };
  const closed = { status: 'closed' as const, userId: 5, queueId: 2, whatsappId: 1 };

  it.each([
    ['accept', pending, { status: 'open' as const, userId: 5 }, { status: 'open', userId: 5, queueId: 2 }],
    ['return', open, { status: 'pending' as const, userId: null }, { status: 'pending', userId: null, queueId: 2 }],
    ['resolve', open, { status: 'closed' as const }, { status: 'closed', userId: 5, queueId: 2 }],
    ['reopen', closed, { status: 'open' as const }, { status: 'open', userId: 5, queueId: 2 }],
    ['transfer', open, { queueId: 3 }, { status: 'pending', userId: null, queueId: 3 }],
    ['transfer', open, { queueId: 3, userId: 8 }, { status: 'open', userId: 8, queueId: 3 }],
    ['transfer', pending, { userId: 8 }, { status: 'open', userId: 8, queueId: 2 }],
  ])('%s', (action, current, request, expected) => {
    const plan = planTicketChange(current, request, me);
    expect(plan.action).toBe(action);
    expect(plan.next).toMatchObject(expected);
  });

  it('refuses what the table does not have', () => {
    expect(() => planTicketChange(pending, { status: 'pending' }, me)).toThrow('ERR_VALIDATION');
    expect(() => planTicketChange(closed, { status: 'pending' }, me)).toThrow('ERR_VALIDATION');
    expect(() => planTicketChange(closed, { queueId: 9 }, me)).toThrow('ERR_VALIDATION');
  });
});

describe('ticket lists', () => {
  const agent = { userId: 5, isAdmin: false, queueIds: [1, 2], allTicket: 'enabled' as const };
  const request = { status: 'pending' as const, showAll: false, queueIds: [], userIds: [] };

  it("reads an agent's pending tickets from their queues and, with allTicket, the unqueued ones", () => {
    expect(ticketListPartitions(7, request, agent).map((p) => p.partition)).toEqual(['C#7#TSQ#pending#1', 'C#7#TSQ#pending#2', 'C#7#TSQ#pending#none']);
    expect(ticketListPartitions(7, request, { ...agent, allTicket: 'desabled' }).map((p) => p.partition)).toEqual(['C#7#TSQ#pending#1', 'C#7#TSQ#pending#2']);
    expect(ticketListPartitions(7, { ...request, queueIds: [2, 9] }, agent).map((p) => p.partition)).toEqual(['C#7#TSQ#pending#2']);
  });

  it('reads "assigned to me" from the user partition and show-all only for admins', () => {
    expect(ticketListPartitions(7, { ...request, status: 'open' }, agent)).toEqual([{ index: 'gsi3', partition: 'C#7#TSU#open#5' }]);
    expect(ticketListPartitions(7, { ...request, status: 'open', showAll: true }, agent)).toEqual([{ index: 'gsi3', partition: 'C#7#TSU#open#5' }]);
    expect(ticketListPartitions(7, { ...request, status: 'open', showAll: true }, { ...agent, isAdmin: true })).toEqual([{ index: 'gsi1', partition: 'C#7#TS#open' }]);
    expect(ticketListPartitions(7, { ...request, showAll: true, userIds: [3] }, { ...agent, isAdmin: true })).toEqual([{ index: 'gsi3', partition: 'C#7#TSU#pending#3' }]);
  });

  it('merges partitions newest first without duplicates', () => {
    const a = [{ id: 3, activityAt: '2026-01-03' }, { id: 1, activityAt: '2026-01-01' }];
    const b = [{ id: 2, activityAt: '2026-01-02' }, { id: 1, activityAt: '2026-01-01' }];
    expect(mergeNewestFirst([a, b]).map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('keys a ticket by status, queue and user, sorted by activity', () => {
    const keys = ticketIndexKeys({ companyId: 7, id: 42, status: 'open', queueId: 2, userId: 5, activityAt: '2026-01-01T10:00:00.000Z' });
    expect(keys).toEqual({
      gsi1pk: 'C#7#TS#open',
      gsi1sk: '2026-01-01T10:00:00.000Z#0000000042',
      gsi2pk: 'C#7#TSQ#open#2',
      gsi2sk: '2026-01-01T10:00:00.000Z#0000000042',
      gsi3pk: 'C#7#TSU#open#5',
      gsi3sk: '2026-01-01T10:00:00.000Z#0000000042',
    });
    expect(ticketSortKey('2026-01-01T10:00:00.000Z', 9) < ticketSortKey('2026-01-01T10:00:00.000Z', 10)).toBe(true);
  });
});

describe('ticket visibility', () => {
  const viewer = { userId: 5, isAdmin: false, queueIds: [2], allTicket: 'desabled' as const };
  it('follows role, queues, assignment and allTicket', () => {
    expect(canSeeTicket(viewer, { status: 'pending', queueId: 2 })).toBe(true);
    expect(canSeeTicket(viewer, { status: 'pending', queueId: 3 })).toBe(false);
    expect(canSeeTicket(viewer, { status: 'open', queueId: 3, userId: 5 })).toBe(true);
    expect(canSeeTicket(viewer, { status: 'pending' })).toBe(false);
    expect(canSeeTicket({ ...viewer, allTicket: 'enabled' }, { status: 'pending' })).toBe(true);
    expect(canSeeTicket({ ...viewer, allTicket: 'enabled' }, { status: 'open' })).toBe(false);
    expect(canSeeTicket({ ...viewer, isAdmin: true }, { status: 'open', queueId: 9 })).toBe(true);
  });
});
