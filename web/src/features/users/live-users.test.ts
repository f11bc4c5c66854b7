import { describe, expect, it } from 'vitest';
import type { User } from './api/types.ts';
import { applyUserEvent, parseUserEvent } from './live-users.ts';

const user = (id: number, name: string): User => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: 'user',
  companyId: 1,
  super: false,
  queues: [],
  allTicket: 'desabled',
});

const pages = (...lists: User[][]) => ({
  pageParams: lists.map((_, index) => index + 1),
  pages: lists.map((users, index) => ({ users, hasMore: index < lists.length - 1, count: 3 })),
});

describe('live user events on the users list', () => {
  it('reads only well-formed events', () => {
    expect(parseUserEvent({ action: 'update', user: user(1, 'Ana') })).toMatchObject({ action: 'update' });
    expect(parseUserEvent({ action: 'delete', userId: 4 })).toEqual({ action: 'delete', userId: 4 });
    expect(parseUserEvent({ action: 'delete' })).toBeUndefined();
    expect(parseUserEvent('nope')).toBeUndefined();
  });

  it('replaces an updated user where it is and adds a new one first', () => {
    const data = pages([user(1, 'Ana')], [user(2, 'Beto'), user(3, 'Cris')]);
    const updated = applyUserEvent(data, { action: 'update', user: user(3, 'Cristina') });
    expect(updated?.pages[1]?.users.map((u) => u.name)).toEqual(['Beto', 'Cristina']);
    expect(updated?.pages[0]?.count).toBe(3);
    const created = applyUserEvent(data, { action: 'create', user: user(9, 'Duda') });
    expect(created?.pages[0]?.users.map((u) => u.name)).toEqual(['Duda', 'Ana']);
    expect(created?.pages[0]?.count).toBe(4);
  });

  it('removes a deleted user', () => {
    const data = pages([user(1, 'Ana'), user(2, 'Beto')]);
    const next = applyUserEvent(data, { action: 'delete', userId: '2' });
    expect(next?.pages[0]?.users.map((u) => u.id)).toEqual([1]);
    expect(next?.pages[0]?.count).toBe(2);
    expect(applyUserEvent(data, { action: 'delete', userId: 42 })).toBe(data);
  });
});
