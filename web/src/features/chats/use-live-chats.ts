import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { chatsQueryKeys } from './api/chats-query-keys.ts';
import type { ChatMessagesPage, ChatsPage } from './api/types.ts';
import { appendChatMessage, applyChatEvent, parseChatEvent } from './chat-rules.ts';

/**
 * Keeps the chat list and any loaded conversation current from the live `chat` events
 * (docs/live-events.md, "Internal chat"): the viewer's own view of a chat on create and update
 * (with their unread count), its removal on delete, and each new message. Merging is by id, so
 * the popover and the page may both listen.
 */
export function useLiveChats(enabled = true): void {
  const queryClient = useQueryClient();
  useLiveEvent(enabled ? 'chat' : undefined, (data) => {
    const event = parseChatEvent(data);
    if (!event) return;
    if (event.action === 'new-message') {
      queryClient.setQueryData<InfiniteData<ChatMessagesPage, number>>(
        chatsQueryKeys.messages(event.chatId),
        (current) => appendChatMessage(current, event.record),
      );
      return;
    }
    queryClient.setQueryData<InfiniteData<ChatsPage, number>>(chatsQueryKeys.list(), (current) =>
      applyChatEvent(current, event),
    );
    if (event.action === 'delete') queryClient.removeQueries({ queryKey: chatsQueryKeys.messages(event.id) });
  });
}
