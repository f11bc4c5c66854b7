import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { chatPreview, memberChanges, unreadIncrement, type ChatMember } from '#domain/chat-rules';
import { chatEntity, chatMemberEntity, chatMessageEntity } from './chat-entity.ts';
import { entityPages } from './paged-query.ts';
import { nextId } from './ids.ts';
import { writtenIf } from './sessions.ts';
import { writeAll } from './transaction.ts';

export type ChatRecord = EntityItem<typeof chatEntity>;
export type ChatMemberRecord = EntityItem<typeof chatMemberEntity>;
export type ChatMessageRecord = EntityItem<typeof chatMessageEntity>;

const entities = { chat: chatEntity, member: chatMemberEntity, message: chatMessageEntity };

/** AP-CHAT-1: a chat by id (consistent: membership is checked against it). */
export async function getChat(companyId: number, id: number): Promise<ChatRecord | undefined> {
  const { data } = await chatEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-CHAT-2: a user's chats, latest activity first, one page: one query of gsi1
 * (`C#<c>#U#<userId>#CHATS`), each item the user's own view with their unread count.
 */
export async function listUserChats(
  companyId: number,
  userId: number,
  options: { limit: number; cursor?: string | null },
): Promise<{ chats: ChatMemberRecord[]; cursor: string | null }> {
  const { data, cursor } = await chatMemberEntity.query
    .byUser({ companyId, userId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { chats: data, cursor };
}

/** AP-CHAT-3: a user's views of all their chats (the search walks them in memory). */
export async function listAllUserChats(companyId: number, userId: number): Promise<ChatMemberRecord[]> {
  const { data } = await chatMemberEntity.query
    .byUser({ companyId, userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
}

/** AP-CHAT-4: the member views of one chat (`C#<c>#CHAT#<id>`, `MEMBER#`). */
async function listChatMemberViews(companyId: number, chatId: number): Promise<ChatMemberRecord[]> {
  const { data } = await chatMemberEntity.query.byChat({ companyId, chatId }).go({ pages: 'all' });
  return data;
}

/** AP-CHAT-5: create a chat and every member's view in one transaction (at most 99 items). */
export async function createChat(
  companyId: number,
  fields: { title: string; ownerId: number; members: ChatMember[] },
): Promise<ChatRecord> {
  const id = await nextId({ companyId }, 'chat');
  const now = new Date().toISOString();
  const chat = {
    companyId,
    id,
    uuid: randomUUID(),
    title: fields.title,
    ownerId: fields.ownerId,
    members: fields.members,
    lastMessage: '',
  };
  await writeAll(
    entities,
    ({ chat: chats, member }) => [
      chats.create({ ...chat, createdAt: now, updatedAt: now }).commit(),
      ...fields.members.map((m) =>
        member
          .create({
            companyId,
            chatId: id,
            userId: m.id,
            uuid: chat.uuid,
            title: chat.title,
            ownerId: chat.ownerId,
            members: chat.members,
            unreads: 0,
            activityAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .commit(),
      ),
    ],
    [],
  );
  return { ...chat, createdAt: now, updatedAt: now };
}

/**
 * AP-CHAT-6: change a chat's title and members. The chat and the views of those who stay or join
 * are one transaction (at most 99 items); the views of those who leave are deleted after it.
 * The chat record decides membership, so a leaver's view that is briefly left over grants nothing.
 */
export async function updateChat(
  current: ChatRecord,
  changes: { title: string; members: ChatMember[] },
): Promise<ChatRecord> {
  const { companyId, id } = current;
  const now = new Date().toISOString();
  const { kept, added, removed } = memberChanges(current.members, changes.members);
  const view = { title: changes.title, members: changes.members, activityAt: now };
  await writeAll(
    entities,
    ({ chat, member }) => [
      chat
        .patch({ companyId, id })
        .set({ title: changes.title, members: changes.members })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt ?? ''))
        .commit(),
      ...kept.map((m) => member.patch({ companyId, chatId: id, userId: m.id }).set(view).commit()),
      ...added.map((m) =>
        member
          .create({
            companyId,
            chatId: id,
            userId: m.id,
            uuid: current.uuid,
            ownerId: current.ownerId,
            lastMessage: current.lastMessage ?? '',
            unreads: 0,
            createdAt: now,
            ...view,
          })
          .commit(),
      ),
    ],
    ['ERR_TICKET_CONFLICT'],
  );
  await Promise.all(
    removed.map((m) => chatMemberEntity.delete({ companyId, chatId: id, userId: m.id }).go()),
  );
  return { ...current, title: changes.title, members: changes.members, updatedAt: now };
}

/**
 * AP-CHAT-7: delete a chat: the chat and its member views in one transaction (at most 99 items),
 * then its messages, a page at a time.
 */
export async function deleteChat(current: ChatRecord): Promise<void> {
  const { companyId, id } = current;
  const views = await listChatMemberViews(companyId, id);
  await writeAll(
    entities,
    ({ chat, member }) => [
      chat
        .delete({ companyId, id })
        .where(({ id: existing }, { exists }) => exists(existing))
        .commit(),
      ...views.map((v) => member.delete({ companyId, chatId: id, userId: v.userId }).commit()),
    ],
    ['ERR_NOT_FOUND'],
  );
  for await (const messages of entityPages((cursor) => chatMessageEntity.query.byChat({ companyId, chatId: id }).go({ limit: 100, cursor }))) {
    if (messages.length > 0) {
      await chatMessageEntity.delete(messages.map((m) => ({ companyId, chatId: id, createdAt: m.createdAt, id: m.id }))).go();
    }
  }
}

/** AP-CHAT-8: one page of a chat's messages, newest first. */
export async function listChatMessages(
  companyId: number,
  chatId: number,
  options: { limit: number; cursor?: string | null },
): Promise<{ messages: ChatMessageRecord[]; cursor: string | null }> {
  const { data, cursor } = await chatMessageEntity.query
    .byChat({ companyId, chatId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { messages: data, cursor };
}

/**
 * AP-CHAT-9: a new message, in one transaction: the message, the chat's last message, and every
 * member's view (last message, activity, and one more unread for everyone but the sender). A
 * chat has at most 98 members, so this is at most 100 items. A view that is gone (a member left
 * meanwhile) cancels it: ERR_TICKET_CONFLICT, and the SPA may send again.
 */
export async function addChatMessage(
  chat: ChatRecord,
  sender: ChatMember,
  text: string,
): Promise<ChatMessageRecord> {
  const { companyId, id: chatId } = chat;
  const id = await nextId({ companyId }, 'chatMessage');
  const createdAt = new Date().toISOString();
  const lastMessage = chatPreview(text);
  const message = {
    companyId,
    chatId,
    id,
    senderId: sender.id,
    senderName: sender.name,
    message: text,
    createdAt,
  };
  await writeAll(
    entities,
    ({ chat: chats, member, message: messages }) => [
      messages.create(message).commit(),
      chats.patch({ companyId, id: chatId }).set({ lastMessage }).commit(),
      ...chat.members.map((m) =>
        member
          .patch({ companyId, chatId, userId: m.id })
          .set({ lastMessage, activityAt: createdAt })
          .add({ unreads: unreadIncrement(m.id, sender.id) })
          .commit(),
      ),
    ],
    // The chat was deleted meanwhile: it is gone for the sender too.
    [undefined, 'ERR_NOT_FOUND'],
  );
  return message;
}

/** AP-CHAT-10: the caller read the chat: their unread count goes to 0 (no write when it already is). */
export async function markChatRead(companyId: number, chatId: number, userId: number): Promise<void> {
  await writtenIf(() =>
    chatMemberEntity
      .patch({ companyId, chatId, userId })
      .set({ unreads: 0 })
      .where(({ unreads }, { gt }) => gt(unreads, 0))
      .go(),
  );
}
