import type { InfiniteData } from '@tanstack/react-query';
import { listsContain, removeFromLists, upsertInLists } from '../../lib/merge-by-id.ts';
import type { User, UsersPage } from './api/types.ts';

/** The live `user` event (core §4): create/update carry the user, delete carries its id. */
export type UserLiveEvent =
  | { action: 'create' | 'update'; user: User }
  | { action: 'delete'; userId: number | string };

export function parseUserEvent(data: unknown): UserLiveEvent | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const event = data as { action?: unknown; user?: unknown; userId?: unknown };
  if ((event.action === 'create' || event.action === 'update') && event.user && typeof event.user === 'object') {
    const user = event.user as User;
    return user.id === undefined ? undefined : { action: event.action, user };
  }
  if (event.action === 'delete' && (typeof event.userId === 'number' || typeof event.userId === 'string')) {
    return { action: 'delete', userId: event.userId };
  }
  return undefined;
}

/** Merges a live event into the loaded pages of the users list, by id. */
export function applyUserEvent(
  data: InfiniteData<UsersPage, number> | undefined,
  event: UserLiveEvent,
): InfiniteData<UsersPage, number> | undefined {
  if (!data) return data;
  const lists = data.pages.map((page) => page.users);
  let next: User[][];
  let countDelta = 0;
  if (event.action === 'delete') {
    if (!listsContain(lists, event.userId)) return data;
    next = removeFromLists(lists, event.userId);
    countDelta = -1;
  } else {
    if (!listsContain(lists, event.user.id)) countDelta = 1;
    next = upsertInLists(lists, event.user);
  }
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      users: next[index] ?? [],
      count: index === 0 && page.count !== undefined ? Math.max(0, page.count + countDelta) : page.count,
    })),
  };
}
