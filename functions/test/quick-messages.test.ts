import { describe, expect, it } from 'vitest';
import { quickMessageCreateInputSchema } from '@atende/shared/entities/quick-message';
import type { Principal } from '../src/auth/principal.ts';
import type { LiveListener } from '../src/domain/live-audience.ts';
import {
  assertMayChangeQuickMessage,
  mayReadQuickMessage,
  quickMessageMediaKey,
  quickMessagesFor,
  quickMessageViewer,
} from '../src/domain/quick-message-rules.ts';
import { quickMessageEventRule } from '../src/modules/quick-messages/events.ts';
import type { LiveEvent } from '../src/live/live-event.ts';
import { listener } from './live-listener.ts';

const as = (profile: Principal['profile'], userId: number): Principal => ({ userId, companyId: 7, profile, isSuper: false, sessionId: 's' });

const general = { id: 1, shortcode: 'hola', message: 'Hola, ¿cómo está?', geral: true, userId: 9 };
const mine = { id: 2, shortcode: 'adios', message: 'Hasta luego', geral: false, userId: 5 };
const theirs = { id: 3, shortcode: 'precio', message: 'El precio es', geral: false, userId: 6 };
const all = [general, mine, theirs];

describe('quick message input', () => {
  it('requires a shortcode (Requerido) and defaults the rest', () => {
    expect(quickMessageCreateInputSchema.safeParse({ message: 'x' }).error?.issues[0]).toMatchObject({ path: ['shortcode'], message: 'Requerido' });
    expect(quickMessageCreateInputSchema.parse({ shortcode: 'hola' })).toEqual({ shortcode: 'hola', message: '', geral: false, status: true });
    expect(quickMessageCreateInputSchema.parse({ shortcode: 'hola', geral: 'true' }).geral).toBe(true);
  });
});

describe('quick message visibility', () => {
  it('shows an agent the general ones and their own, whatever userId they send', () => {
    expect(quickMessageViewer(as('user', 5), undefined)).toBe(5);
    expect(quickMessageViewer(as('user', 5), 6)).toBe(5);
    expect(quickMessagesFor(all, 5, '').map((q) => q.id)).toEqual([2, 1]);
  });

  it('shows an admin everything, or what the user they name sees', () => {
    expect(quickMessageViewer(as('admin', 1), undefined)).toBe('all');
    expect(quickMessageViewer(as('admin', 1), 6)).toBe(6);
    expect(quickMessagesFor(all, 'all', '').map((q) => q.id)).toEqual([2, 1, 3]);
    expect(quickMessagesFor(all, 6, '').map((q) => q.id)).toEqual([1, 3]);
  });

  it('searches shortcode and message with case and accents folded', () => {
    expect(quickMessagesFor(all, 'all', 'COMO').map((q) => q.id)).toEqual([1]);
    expect(quickMessagesFor(all, 5, 'precio')).toEqual([]);
  });

  it('lets the author or an admin change one, and hides private ones of others', () => {
    expect(mayReadQuickMessage(as('user', 5), theirs)).toBe(false);
    expect(mayReadQuickMessage(as('user', 5), general)).toBe(true);
    expect(mayReadQuickMessage(as('admin', 1), theirs)).toBe(true);
    expect(() => assertMayChangeQuickMessage(as('user', 5), mine)).not.toThrow();
    expect(() => assertMayChangeQuickMessage(as('user', 5), general)).toThrow('ERR_NO_PERMISSION');
    expect(() => assertMayChangeQuickMessage(as('admin', 1), general)).not.toThrow();
  });

  it('stores each upload under a new key of its company and quick message', () => {
    const first = quickMessageMediaKey(7, 2);
    expect(first).toMatch(/^c7\/quick-messages\/2\/[0-9a-f-]{36}$/);
    expect(quickMessageMediaKey(7, 2)).not.toBe(first);
  });
});

describe('quickmessage live events', () => {
  const stored = (fields: Record<string, unknown>) => ({ companyId: 7, status: true, createdAt: 'a', updatedAt: 'b', ...fields });
  const recipients = (events: LiveEvent[], who: LiveListener) => events.filter((e) => e.audience(who)).map((e) => e.data);

  it('sends a general one to everyone', () => {
    const events = quickMessageEventRule({ entity: 'quickMessage', kind: 'create', newItem: stored(general), oldItem: undefined }) as LiveEvent[];
    expect(recipients(events, listener(5))).toEqual([{ action: 'create', record: expect.objectContaining({ id: 1, shortcode: 'hola', geral: true, isMedia: false, mediaPath: null }) }]);
  });

  it('sends a private one only to its author and the admins', () => {
    const events = quickMessageEventRule({ entity: 'quickMessage', kind: 'update', newItem: stored(mine), oldItem: stored(mine) }) as LiveEvent[];
    expect(recipients(events, listener(5))).toHaveLength(1);
    expect(recipients(events, listener(1, 'admin'))).toHaveLength(1);
    expect(recipients(events, listener(6))).toEqual([]);
  });

  it('tells the others to drop one that became private, and the deletion to whoever saw it', () => {
    const events = quickMessageEventRule({ entity: 'quickMessage', kind: 'update', newItem: stored({ ...general, geral: false }), oldItem: stored(general) }) as LiveEvent[];
    expect(recipients(events, listener(6))).toEqual([{ action: 'delete', id: 1 }]);
    expect(recipients(events, listener(9))).toEqual([expect.objectContaining({ action: 'update' })]);
    const deleted = quickMessageEventRule({ entity: 'quickMessage', kind: 'delete', newItem: undefined, oldItem: stored(theirs) }) as LiveEvent[];
    expect(recipients(deleted, listener(6))).toEqual([{ action: 'delete', id: 3 }]);
    expect(recipients(deleted, listener(5))).toEqual([]);
  });
});
