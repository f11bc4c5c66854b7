import { describe, expect, it } from 'vitest';
import { tagCreateInputSchema, tagSyncInputSchema, tagUpdateInputSchema } from '@atende/shared/entities/tag';
import type { Principal } from '../src/auth/principal.ts';
import {
  assertMayChangeKanban,
  assertMayDeleteTag,
  assertTagLimit,
  byTagName,
  mayManageKanban,
  maxTagsPerTicket,
  tagSetChange,
} from '../src/domain/tag-rules.ts';
import type { LiveEvent } from '../src/live/live-event.ts';
import { tagEventRule } from '../src/modules/tags/events.ts';
import { listener } from './live-listener.ts';

const as = (profile: Principal['profile'], userId = 5, isSuper = false): Principal => ({ userId, companyId: 7, profile, isSuper, sessionId: 's' });

describe('tag input', () => {
  it('says Obligatorio for a missing name and Mensaje muy corto under 3 characters', () => {
    const missing = tagCreateInputSchema.safeParse({});
    expect(missing.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Obligatorio' });
    const blank = tagCreateInputSchema.safeParse({ name: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Obligatorio');
    const short = tagCreateInputSchema.safeParse({ name: 'ab' });
    expect(short.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Mensaje muy corto' });
  });

  it('gives a colour and kanban 0 by default, and reads kanban as 0/1', () => {
    expect(tagCreateInputSchema.parse({ name: 'Urgente' })).toEqual({ name: 'Urgente', color: '#90a4ae', kanban: 0 });
    expect(tagUpdateInputSchema.parse({ kanban: true }).kanban).toBe(1);
    expect(tagUpdateInputSchema.parse({ kanban: '0' }).kanban).toBe(0);
  });

  it('takes a sync set as ids or tag objects, without repeats', () => {
    expect(tagSyncInputSchema.parse({ ticketId: '3', tags: [{ id: 2 }, 4, { id: 2 }] })).toEqual({ ticketId: 3, tags: [2, 4] });
  });
});

describe('tag rules', () => {
  it('lets only admins, supervisors and super users toggle kanban', () => {
    expect(mayManageKanban(as('admin'))).toBe(true);
    expect(mayManageKanban(as('supervisor'))).toBe(true);
    expect(mayManageKanban(as('user', 5, true))).toBe(true);
    expect(mayManageKanban(as('user'))).toBe(false);
    expect(() => assertMayChangeKanban(as('user'), 0, 1)).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayChangeKanban(as('user'), 1, 0)).toThrow('ERR_NO_PERMISSION');
    // Sending the value it already has is no change.
    expect(() => assertMayChangeKanban(as('user'), 1, 1)).not.toThrow();
    expect(() => assertMayChangeKanban(as('user'), undefined, 0)).not.toThrow();
    expect(() => assertMayChangeKanban(as('user'), 0, undefined)).not.toThrow();
    expect(() => assertMayChangeKanban(as('supervisor'), 0, 1)).not.toThrow();
  });

  it('lets the author delete a plain tag, and only admins or supervisors a kanban lane or anyone else’s', () => {
    expect(() => assertMayDeleteTag(as('user', 5), { userId: 5, kanban: 0 })).not.toThrow();
    expect(() => assertMayDeleteTag(as('user', 5), { userId: 6, kanban: 0 })).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayDeleteTag(as('user', 5), { userId: 5, kanban: 1 })).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayDeleteTag(as('admin', 9), { userId: 5, kanban: 1 })).not.toThrow();
    expect(() => assertMayDeleteTag(as('supervisor', 9), { userId: 5, kanban: 0 })).not.toThrow();
  });

  it('turns a ticket’s current tags into the wanted ones with the fewest link changes', () => {
    expect(tagSetChange([1, 2, 3], [2, 3, 4])).toEqual({ add: [4], remove: [1] });
    expect(tagSetChange([], [1, 1, 2])).toEqual({ add: [1, 2], remove: [] });
    expect(tagSetChange([1, 2], [])).toEqual({ add: [], remove: [1, 2] });
    expect(tagSetChange([2, 1], [1, 2])).toEqual({ add: [], remove: [] });
  });

  it('keeps a ticket within the tag limit that fits one transaction', () => {
    // The ticket, then per change a link and a counter: the worst full replacement.
    expect(1 + 2 * (2 * maxTagsPerTicket)).toBeLessThanOrEqual(100);
    expect(() => assertTagLimit(maxTagsPerTicket)).not.toThrow();
    expect(() => assertTagLimit(maxTagsPerTicket + 1)).toThrow('ERR_VALIDATION');
  });

  it('orders tags by folded name, then id', () => {
    const tags = [
      { id: 3, nameKey: 'venta' },
      { id: 1, nameKey: 'atencion' },
      { id: 2, nameKey: 'venta' },
    ];
    expect(tags.sort(byTagName).map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('tag live events', () => {
  const item = { companyId: 7, id: 3, name: 'Urgente', nameKey: 'urgente', color: '#f44336', kanban: 1, userId: 5, ticketsCount: 2, createdAt: 'a', updatedAt: 'b' };

  it('sends the tag with its count to the whole company', () => {
    const [event] = tagEventRule({ entity: 'tag', kind: 'update', newItem: item, oldItem: { ...item, ticketsCount: 1 } }) as LiveEvent[];
    expect(event).toMatchObject({ companyId: 7, event: 'tag', data: { action: 'update', tag: { id: 3, name: 'Urgente', kanban: 1, ticketsCount: 2 } } });
    expect(event!.audience(listener(99))).toBe(true);
    expect((event!.data as { tag: Record<string, unknown> }).tag).not.toHaveProperty('nameKey');
  });

  it('announces a deletion by id', () => {
    const [event] = tagEventRule({ entity: 'tag', kind: 'delete', newItem: undefined, oldItem: item }) as LiveEvent[];
    expect(event!.data).toEqual({ action: 'delete', tagId: 3 });
  });
});
