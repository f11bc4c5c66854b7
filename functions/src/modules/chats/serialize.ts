import type { ChatMemberRecord, ChatMessageRecord, ChatRecord } from '#data/chats';
import type { ChatMember } from '#domain/chat-rules';

interface ChatShape {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  companyId: number;
  members: ChatMember[];
  lastMessage?: string;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * A chat as `viewerId` sees it (extended §3): every member with their name; `unreads` is the
 * viewer's own count on the viewer's entry. Other members' counts are theirs alone, so they
 * show 0.
 */
function publicChatOf(
  chat: ChatShape,
  viewerId: number,
  viewerUnreads: number,
  updatedAt: string | undefined,
) {
  return {
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    companyId: chat.companyId,
    users: chat.members.map((member) => ({
      userId: member.id,
      unreads: member.id === viewerId ? viewerUnreads : 0,
      user: { id: member.id, name: member.name },
    })),
    lastMessage: chat.lastMessage ?? '',
    createdAt: chat.createdAt,
    updatedAt: updatedAt ?? chat.updatedAt ?? '',
  };
}

/** A member's view (GET /chats rows and the per-user live events). */
export function publicChatView(view: ChatMemberRecord) {
  return publicChatOf({ ...view, id: view.chatId }, view.userId, view.unreads ?? 0, view.activityAt);
}

/** The chat record as its caller sees it after a write (POST and PUT /chats answers). */
export function publicChat(chat: ChatRecord, viewerId: number, viewerUnreads = 0) {
  return publicChatOf(chat, viewerId, viewerUnreads, chat.updatedAt);
}

export function publicChatMessage(message: ChatMessageRecord) {
  return {
    id: message.id,
    chatId: message.chatId,
    senderId: message.senderId,
    sender: { id: message.senderId, name: message.senderName ?? '' },
    message: message.message,
    createdAt: message.createdAt,
  };
}
