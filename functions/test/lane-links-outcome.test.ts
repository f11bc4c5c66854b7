import { beforeEach, describe, expect, it, vi } from 'vitest';

const setTicketLaneOnLinks = vi.fn(async () => undefined);
vi.mock('#data/tags', () => ({ setTicketLaneOnLinks }));

const { followTicketLaneKeys } = await import('../src/modules/kanban/lane-links-outcome.ts');

const ticket = (fields: Record<string, unknown>) => ({ companyId: 1, id: 9, status: 'open', queueId: 4, userId: 7, tagIds: [3], ...fields });
const update = (oldItem: Record<string, unknown> | undefined, newItem: Record<string, unknown>) => ({
  entity: 'ticket',
  kind: oldItem ? ('update' as const) : ('create' as const),
  oldItem,
  newItem,
});

describe('a ticket change reaching its tag links', () => {
  beforeEach(() => setTicketLaneOnLinks.mockClear());

  it('writes the new list keys when the status, queue or user changes', async () => {
    await followTicketLaneKeys(update(ticket({}), ticket({ userId: 8 })));
    await followTicketLaneKeys(update(ticket({}), ticket({ status: 'closed' })));
    await followTicketLaneKeys(update(ticket({}), ticket({ queueId: null })));
    expect(setTicketLaneOnLinks.mock.calls).toEqual([
      [1, 9, [3], 'open|4|8'],
      [1, 9, [3], 'closed|4|7'],
      [1, 9, [3], 'open||7'],
    ]);
  });

  it('writes them when the tags change, so a new link takes them too', async () => {
    await followTicketLaneKeys(update(ticket({ tagIds: [3] }), ticket({ tagIds: [3, 5] })));
    expect(setTicketLaneOnLinks).toHaveBeenCalledWith(1, 9, [3, 5], 'open|4|7');
  });

  it('writes nothing for an activity change, a ticket without tags, or another entity', async () => {
    await followTicketLaneKeys(update(ticket({}), ticket({ updatedAt: 'later', lastMessage: 'hola' })));
    await followTicketLaneKeys(update(ticket({ tagIds: [] }), ticket({ tagIds: [], userId: 8 })));
    await followTicketLaneKeys({ entity: 'message', kind: 'update', oldItem: {}, newItem: { status: 'x' } });
    await followTicketLaneKeys({ entity: 'ticket', kind: 'delete', oldItem: ticket({}), newItem: undefined });
    expect(setTicketLaneOnLinks).not.toHaveBeenCalled();
  });
});
