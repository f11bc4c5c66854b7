import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './chats-query-keys.ts';
import type { ChatsPage } from './types.ts';

/** GET /chats (core §7: pageNumber; records, hasMore). */
export async function getChats(pageNumber: number, signal?: AbortSignal): Promise<ChatsPage> {
  const page = await api.get<ChatsPage>('/chats', { pageNumber }, signal);
  return { records: Array.isArray(page?.records) ? page.records : [], hasMore: !!page?.hasMore };
}

export function chatsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: chatsQueryKeys.list(),
    queryFn: ({ pageParam, signal }) => getChats(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // extended §8: chat load failures are silent.
    meta: { silent: true },
  });
}

export function useChats(enabled = true) {
  return useInfiniteQuery({ ...chatsInfiniteQueryOptions(), enabled });
}
