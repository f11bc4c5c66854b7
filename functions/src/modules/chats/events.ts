import { getChat, type ChatMemberRecord, type ChatMessageRecord } from '#data/chats';
import { onlyUser, type Audience } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicChatMessage, publicChatView } from './serialize.ts';

/**
 * A member's view of a chat changed (docs/live-events.md, "Internal chat"): the chat was created
 * with them, edited, got a message, or they read it. Only that member hears it, with their own
 * unread count: `chat` `{ action: "create" | "update", record }`. A view deleted (the chat was
 * deleted or the member taken out) is `{ action: "delete", id }` to that member. Every change of a
 * chat rewrites every member's view, so this is also the per-chat `update` each member hears.
 */
export const chatMemberEventRule: EventRule = (change) => {
  const item = (change.newItem ?? change.oldItem) as ChatMemberRecord | undefined;
  if (!item) return [];
  const companyId = Number(item.companyId);
  const audience = onlyUser(Number(item.userId));
  if (change.kind === 'delete' || !change.newItem) {
    return [{ companyId, event: 'chat', data: { action: 'delete', id: item.chatId }, audience }];
  }
  const record = publicChatView(change.newItem as ChatMemberRecord);
  return [{ companyId, event: 'chat', data: { action: change.kind, record }, audience }];
};

/**
 * A new message reaches the sockets of the chat's members, and no one else:
 * `chat` `{ action: "new-message", chatId, record }`. The members are the chat's as it is now
 * (one consistent read); a chat deleted meanwhile announces nothing.
 */
export const chatMessageEventRule: EventRule = async (change) => {
  if (change.kind !== 'create' || !change.newItem) return [];
  const message = change.newItem as ChatMessageRecord;
  const companyId = Number(message.companyId);
  const chat = await getChat(companyId, Number(message.chatId));
  if (!chat) return [];
  const memberIds = new Set(chat.members.map((member) => member.id));
  const audience: Audience = (listener) => memberIds.has(listener.userId);
  const record = publicChatMessage(message);
  return [{ companyId, event: 'chat', data: { action: 'new-message', chatId: chat.id, record }, audience }];
};
