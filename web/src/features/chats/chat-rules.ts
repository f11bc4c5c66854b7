import type { InfiniteData } from '@tanstack/react-query';
import { chatHistoryThresholdPx } from '@atende/shared/constants';
import { validationMessages } from '@atende/shared/validation-messages';
import type { Chat, ChatMessage, ChatMessagesPage, ChatsPage } from './api/types.ts';

/** The viewer's unread count in a chat. */
export function unreadsOf(chat: Chat | undefined, userId: number | undefined): number {
  return chat?.users.find((user) => user.userId === userId)?.unreads ?? 0;
}

/** The top bar's count: the viewer's unread messages over the loaded chats. */
export function totalUnreads(chats: readonly Chat[], userId: number | undefined): number {
  return chats.reduce((sum, chat) => sum + unreadsOf(chat, userId), 0);
}

/** extended §5: the dialog's alerts, in order; undefined when it may be saved. */
export function chatDialogAlert(title: string, userIds: readonly number[]): string | undefined {
  if (!title.trim()) return validationMessages.chatTitleRequired;
  if (userIds.length === 0) return validationMessages.chatUsersRequired;
  return undefined;
}

/** extended §5: blank chat messages are not sent. */
export const isSendable = (text: string): boolean => text.trim() !== '';

/** extended §9: older messages load when the conversation is scrolled within 600 px of its top. */
export const nearHistoryTop = (scrollTop: number): boolean => scrollTop <= chatHistoryThresholdPx;

/** A live `chat` event as the server sends it (docs/live-events.md, "Internal chat"). */
export type ChatLiveEvent =
  | { action: 'create' | 'update'; record: Chat }
  | { action: 'delete'; id: number }
  | { action: 'new-message'; chatId: number; record: ChatMessage };

export function parseChatEvent(data: unknown): ChatLiveEvent | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const event = data as Record<string, unknown>;
  const record = event.record as { id?: unknown } | undefined;
  if ((event.action === 'create' || event.action === 'update') && typeof record?.id === 'number') {
    return { action: event.action, record: record as Chat };
  }
  if (event.action === 'delete' && typeof event.id === 'number') return { action: 'delete', id: event.id };
  if (event.action === 'new-message' && typeof event.chatId === 'number' && typeof record?.id === 'number') {
    return { action: 'new-message', chatId: event.chatId, record: record as ChatMessage };
  }
  return undefined;
}

/**
 * The chat list after a create, update or delete: the chat replaced or dropped, and the list kept
 * in the server's order (latest activity first), so a chat with a new message moves to the top.
 */
export function applyChatEvent(
  data: InfiniteData<ChatsPage, number> | undefined,
  event: { action: 'create' | 'update'; record: Chat } | { action: 'delete'; id: number },
): InfiniteData<ChatsPage, number> | undefined {
  if (!data) return data;
  const id = event.action === 'delete' ? event.id : event.record.id;
  const others = data.pages.map((page) => page.records.filter((chat) => chat.id !== id));
  if (event.action === 'delete') {
    return { ...data, pages: data.pages.map((page, i) => ({ ...page, records: others[i]! })) };
  }
  // A newer activity goes first; the loaded pages keep their sizes (the first grows by a new chat).
  const all = [event.record, ...others.flat()].sort((a, b) =>
    (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''),
  );
  const isNew = !data.pages.some((page) => page.records.some((chat) => chat.id === id));
  let start = 0;
  const pages = data.pages.map((page, i) => {
    const size = page.records.length + (i === 0 && isNew ? 1 : 0);
    const records = all.slice(start, start + size);
    start += size;
    return { ...page, records };
  });
  return { ...data, pages };
}

/** The conversation after a new message: added to the newest page (page 1) once, in time order. */
export function appendChatMessage(
  data: InfiniteData<ChatMessagesPage, number> | undefined,
  message: ChatMessage,
): InfiniteData<ChatMessagesPage, number> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  const records = [...newest!.records, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { ...data, pages: [{ ...newest!, records }, ...older] };
}

/** The messages to show, oldest first: older pages go above newer ones. */
export function conversationOf(data: { pages: ChatMessagesPage[] } | undefined): ChatMessage[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.records) : [];
}
