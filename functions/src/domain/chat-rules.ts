import { chatLimits } from '@atende/shared/entities/chat';
import { AppError } from './app-error.ts';

/** A chat member as chats keep them. */
export interface ChatMember {
  id: number;
  name: string;
}

/** What the rules need of a chat. */
export interface ChatFacts {
  ownerId: number;
  members: ChatMember[];
}

/** Messages per page of GET /chats/{id}/messages, and chats per page of GET /chats. */
export const chatMessagePageSize = 20;
export const chatListPageSize = 20;

/** The list's preview of the last message: its first line-worth of text. */
export const chatPreviewMax = 255;

/**
 * The members a chat gets from the ids the dialog sent: every id must be a user of the caller's
 * company (otherwise ERR_NO_USER_FOUND, which says nothing of other companies); the owner is
 * always a member; repeats count once; names are the company's, never the client's. At most
 * `chatLimits.membersMax` members, so a new message stays one transaction.
 */
export function chatMembersFrom(
  ownerId: number,
  requestedIds: number[],
  companyUsers: ChatMember[],
): ChatMember[] {
  const byId = new Map(companyUsers.map((user) => [user.id, user]));
  const ids = [...new Set([ownerId, ...requestedIds])];
  const members = ids.map((id) => {
    const user = byId.get(id);
    if (!user) throw new AppError('ERR_NO_USER_FOUND');
    return { id: user.id, name: user.name };
  });
  if (members.length > chatLimits.membersMax) throw new AppError('ERR_VALIDATION');
  return members;
}

export const isChatMember = (chat: ChatFacts, userId: number): boolean =>
  chat.members.some((member) => member.id === userId);

/** Only members read and write a chat; to anyone else it does not exist. */
export function assertChatMember(chat: ChatFacts | undefined, userId: number): asserts chat is ChatFacts {
  if (!chat || !isChatMember(chat, userId)) throw new AppError('ERR_NOT_FOUND');
}

/** Only the chat's owner edits or deletes it (extended §6). */
export function assertChatOwner(chat: ChatFacts, userId: number): void {
  if (chat.ownerId !== userId) throw new AppError('ERR_NO_PERMISSION');
}

/** Who stays, who joins and who leaves when a chat's members change. */
export function memberChanges(before: ChatMember[], after: ChatMember[]) {
  const beforeIds = new Set(before.map((member) => member.id));
  const afterIds = new Set(after.map((member) => member.id));
  return {
    kept: after.filter((member) => beforeIds.has(member.id)),
    added: after.filter((member) => !beforeIds.has(member.id)),
    removed: before.filter((member) => !afterIds.has(member.id)),
  };
}

/** The new unread count of each member after `senderId` wrote: everyone else's grows by one. */
export const unreadIncrement = (memberId: number, senderId: number): number =>
  memberId === senderId ? 0 : 1;

export function chatPreview(message: string): string {
  return message.length > chatPreviewMax ? `${message.slice(0, chatPreviewMax - 1)}…` : message;
}
