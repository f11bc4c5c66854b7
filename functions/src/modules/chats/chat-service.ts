/**
 * The internal chat routes' work (extended §2.8, §3, §7), one function per route: the handler
 * parses and answers, these check membership, read and write.
 */
import type {
  ChatCreateInput,
  ChatListQuery,
  ChatMessageListQuery,
  ChatUpdateInput,
} from '@atende/shared/entities/chat';
import type { Principal } from '#auth/principal';
import {
  addChatMessage,
  createChat,
  deleteChat,
  getChat,
  listAllUserChats,
  listChatMessages,
  listUserChats,
  markChatRead,
  updateChat,
  type ChatRecord,
} from '#data/chats';
import { listCompanyUsers } from '#data/users';
import { AppError } from '#domain/app-error';
import {
  assertChatMember,
  assertChatOwner,
  chatListPageSize,
  chatMembersFrom,
  chatMessagePageSize,
} from '#domain/chat-rules';
import { matchesSearch, pageOf } from '#domain/paging';
import { publicChat, publicChatMessage, publicChatView } from './serialize.ts';

/** The chat if the caller is one of its members; to anyone else it does not exist. */
async function memberChatOrFail(principal: Principal, id: number): Promise<ChatRecord> {
  const chat = await getChat(principal.companyId, id);
  assertChatMember(chat, principal.userId);
  return chat as ChatRecord;
}

async function ownedChatOrFail(principal: Principal, id: number): Promise<ChatRecord> {
  const chat = await memberChatOrFail(principal, id);
  assertChatOwner(chat, principal.userId);
  return chat;
}

/** The members the dialog chose, checked against the caller's company (its users: a plan-bounded set, one query). */
async function membersOf(principal: Principal, users: { id: number }[]) {
  const companyUsers = (await listCompanyUsers(principal.companyId)).map((user) => ({
    id: user.id,
    name: user.name,
  }));
  return chatMembersFrom(
    principal.userId,
    users.map((user) => user.id),
    companyUsers,
  );
}

/** GET /chats: the caller's chats, newest activity first; with `searchParam`, those whose title matches. */
export async function chatsPage(principal: Principal, query: ChatListQuery) {
  if (query.searchParam) {
    const found = (await listAllUserChats(principal.companyId, principal.userId)).filter((view) =>
      matchesSearch(query.searchParam, view.title),
    );
    const page = pageOf(found, query.pageNumber, chatListPageSize);
    return { records: page.items.map(publicChatView), count: page.count, hasMore: page.hasMore };
  }
  // Pages are read with DynamoDB's cursor; pageNumber walks them (pages are rarely past the first).
  let page = await listUserChats(principal.companyId, principal.userId, { limit: chatListPageSize });
  for (let n = 1; n < query.pageNumber && page.cursor; n += 1) {
    page = await listUserChats(principal.companyId, principal.userId, {
      limit: chatListPageSize,
      cursor: page.cursor,
    });
  }
  return { records: page.chats.map(publicChatView), hasMore: page.cursor !== null };
}

/** POST /chats: a chat the caller owns, with the chosen members of their company. */
export async function startChat(principal: Principal, input: ChatCreateInput) {
  const members = await membersOf(principal, input.users);
  const chat = await createChat(principal.companyId, {
    title: input.title,
    ownerId: principal.userId,
    members,
  });
  return publicChat(chat, principal.userId);
}

/** PUT /chats/{id}: its owner changes the title or the members. */
export async function changeChat(principal: Principal, id: number, input: ChatUpdateInput) {
  const current = await ownedChatOrFail(principal, id);
  const members = input.users ? await membersOf(principal, input.users) : current.members;
  const chat = await updateChat(current, { title: input.title ?? current.title, members });
  return publicChat(chat, principal.userId);
}

/** DELETE /chats/{id}: its owner only. */
export async function removeChat(principal: Principal, id: number): Promise<void> {
  await deleteChat(await ownedChatOrFail(principal, id));
}

/** GET /chats/{id}/messages: a page by cursor (or the `pageNumber`th), oldest first within it. */
export async function chatMessagesPage(principal: Principal, id: number, query: ChatMessageListQuery) {
  const chat = await memberChatOrFail(principal, id);
  let page = await listChatMessages(principal.companyId, chat.id, {
    limit: chatMessagePageSize,
    cursor: query.cursor ?? null,
  });
  for (let n = 1; !query.cursor && n < query.pageNumber && page.cursor; n += 1) {
    page = await listChatMessages(principal.companyId, chat.id, {
      limit: chatMessagePageSize,
      cursor: page.cursor,
    });
  }
  // Oldest first within the page, as a conversation reads; older pages go above it.
  const records = page.messages.reverse().map(publicChatMessage);
  return { records, hasMore: page.cursor !== null, cursor: page.cursor };
}

/** POST /chats/{id}/messages: a member writes. */
export async function writeInChat(principal: Principal, id: number, text: string) {
  const chat = await memberChatOrFail(principal, id);
  const sender = chat.members.find((member) => member.id === principal.userId)!;
  return publicChatMessage(await addChatMessage(chat, sender, text));
}

/** POST /chats/{id}/read: a member clears their own unread count (only their own: anyone else's is refused). */
export async function readChat(principal: Principal, id: number, userId: number | undefined): Promise<void> {
  if (userId !== undefined && userId !== principal.userId) throw new AppError('ERR_NO_PERMISSION');
  const chat = await memberChatOrFail(principal, id);
  await markChatRead(principal.companyId, chat.id, principal.userId);
}
