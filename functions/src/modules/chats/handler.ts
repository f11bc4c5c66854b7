import {
  chatCreateInputSchema,
  chatListQuerySchema,
  chatMessageCreateInputSchema,
  chatMessageListQuerySchema,
  chatReadInputSchema,
  chatUpdateInputSchema,
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
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
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

/**
 * /api/chats: internal chat between users of one company (extended §2.8, §3, §7). Members read
 * and write a chat; its owner edits and deletes it; each member has an unread count. Gated by the
 * plan's useInternalChat.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/chats',
    access: 'user',
    feature: 'useInternalChat',
    query: chatListQuerySchema,
    handler: async ({ principal, query }) => {
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
    },
  }),
  route({
    method: 'POST',
    path: '/chats',
    access: 'user',
    feature: 'useInternalChat',
    body: chatCreateInputSchema,
    handler: async ({ principal, body }) => {
      const members = await membersOf(principal, body.users);
      const chat = await createChat(principal.companyId, {
        title: body.title,
        ownerId: principal.userId,
        members,
      });
      return new HttpAnswer(201, publicChat(chat, principal.userId));
    },
  }),
  route({
    ...onRecord('PUT', '/chats/{id}', 'user'),
    feature: 'useInternalChat',
    body: chatUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await ownedChatOrFail(principal, params.id);
      const members = body.users ? await membersOf(principal, body.users) : current.members;
      const chat = await updateChat(current, { title: body.title ?? current.title, members });
      return publicChat(chat, principal.userId);
    },
  }),
  route({
    ...onRecord('DELETE', '/chats/{id}', 'user'),
    feature: 'useInternalChat',
    handler: async ({ principal, params }) => {
      await deleteChat(await ownedChatOrFail(principal, params.id));
      return new HttpAnswer(204);
    },
  }),
  route({
    ...onRecord('GET', '/chats/{id}/messages', 'user'),
    feature: 'useInternalChat',
    query: chatMessageListQuerySchema,
    handler: async ({ principal, params, query }) => {
      const chat = await memberChatOrFail(principal, params.id);
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
    },
  }),
  route({
    ...onRecord('POST', '/chats/{id}/messages', 'user'),
    feature: 'useInternalChat',
    body: chatMessageCreateInputSchema,
    handler: async ({ principal, params, body }) => {
      const chat = await memberChatOrFail(principal, params.id);
      const sender = chat.members.find((member) => member.id === principal.userId)!;
      const message = await addChatMessage(chat, sender, body.message);
      return new HttpAnswer(201, publicChatMessage(message));
    },
  }),
  route({
    ...onRecord('POST', '/chats/{id}/read', 'user'),
    feature: 'useInternalChat',
    body: chatReadInputSchema,
    handler: async ({ principal, params, body }) => {
      // Only one's own count is cleared; the SPA sends its own id, anything else is refused.
      if (body.userId !== undefined && body.userId !== principal.userId)
        throw new AppError('ERR_NO_PERMISSION');
      const chat = await memberChatOrFail(principal, params.id);
      await markChatRead(principal.companyId, chat.id, principal.userId);
      return new HttpAnswer(204);
    },
  }),
]);
