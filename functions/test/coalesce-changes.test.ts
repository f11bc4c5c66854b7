import { describe, expect, it } from 'vitest';
import { coalesceChanges } from '#live/coalesce-changes';
import type { EntityChange } from '#live/live-event';

const ticket = (id: number, status: string, extra: Record<string, unknown> = {}) => ({ companyId: 1, id, status, ...extra });
const message = (id: string, ticketId: number): EntityChange => ({ entity: 'message', kind: 'create', newItem: { companyId: 1, id, ticketId }, oldItem: undefined });

describe('coalesceChanges', () => {
  it('sends a ticket moved three times in a batch once, from its first old image to its last new one, where the last change stood', () => {
    const changes: EntityChange[] = [
      { entity: 'ticket', kind: 'update', oldItem: ticket(7, 'pending', { queueId: 1 }), newItem: ticket(7, 'pending', { unread: 1 }) },
      message('m1', 7),
      { entity: 'ticket', kind: 'update', oldItem: ticket(7, 'pending', { unread: 1 }), newItem: ticket(7, 'pending', { unread: 2 }) },
      message('m2', 7),
      { entity: 'ticket', kind: 'update', oldItem: ticket(7, 'pending', { unread: 2 }), newItem: ticket(7, 'open', { queueId: 2, unread: 2 }) },
    ];
    const merged = coalesceChanges(changes);
    expect(merged.map((c) => c.entity)).toEqual(['message', 'message', 'ticket']);
    expect(merged[2]).toMatchObject({ kind: 'update', oldItem: { status: 'pending', queueId: 1 }, newItem: { status: 'open', queueId: 2 } });
  });

  it('keeps a created item a creation and a deleted one a deletion', () => {
    const created = coalesceChanges([
      { entity: 'contact', kind: 'create', oldItem: undefined, newItem: { companyId: 1, id: 3, name: 'a' } },
      { entity: 'contact', kind: 'update', oldItem: { companyId: 1, id: 3, name: 'a' }, newItem: { companyId: 1, id: 3, name: 'b' } },
    ]);
    expect(created).toEqual([{ entity: 'contact', kind: 'create', oldItem: undefined, newItem: { companyId: 1, id: 3, name: 'b' } }]);
    const deleted = coalesceChanges([
      { entity: 'ticket', kind: 'update', oldItem: ticket(4, 'open'), newItem: ticket(4, 'closed') },
      { entity: 'ticket', kind: 'delete', oldItem: ticket(4, 'closed'), newItem: undefined },
    ]);
    expect(deleted).toEqual([{ entity: 'ticket', kind: 'delete', oldItem: ticket(4, 'open'), newItem: undefined }]);
  });

  it('never merges items of different companies, entities or ids, nor messages', () => {
    const changes: EntityChange[] = [
      { entity: 'ticket', kind: 'update', oldItem: ticket(1, 'open'), newItem: ticket(1, 'closed') },
      { entity: 'ticket', kind: 'update', oldItem: { companyId: 2, id: 1, status: 'open' }, newItem: { companyId: 2, id: 1, status: 'closed' } },
      { entity: 'contact', kind: 'update', oldItem: { companyId: 1, id: 1 }, newItem: { companyId: 1, id: 1 } },
      message('m1', 1),
      message('m1-again', 1),
    ];
    expect(coalesceChanges(changes)).toEqual(changes);
  });
});
