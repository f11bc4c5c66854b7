import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './chats-query-keys.ts';
import type { ChatMessagesPage } from './types.ts';

/** GET /chats/{id}/messages: page 1 is the newest messages (oldest first within it), page 2 older ones. */
export async function getChatMessages(
  chatId: number,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<ChatMessagesPage> {
  const page = await api.get<ChatMessagesPage>(`/chats/${chatId}/messages`, { pageNumber }, signal);
  return { records: Array.isArray(page?.records) ? page.records : [], hasMore: !!page?.hasMore };
}

export function chatMessagesInfiniteQueryOptions(chatId: number) {
  return infiniteQueryOptions({
    queryKey: chatsQueryKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => getChatMessages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: { silent: true },
    // Live events keep an open conversation current; it is read again only when reopened.
    staleTime: 0,
  });
}

export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    ...chatMessagesInfiniteQueryOptions(chatId ?? 0),
    enabled: chatId !== undefined,
  });
}
