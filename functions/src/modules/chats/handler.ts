import {
  chatCreateInputSchema,
  chatListQuerySchema,
  chatMessageCreateInputSchema,
  chatMessageListQuerySchema,
  chatReadInputSchema,
  chatUpdateInputSchema,
} from '@atende/shared/entities/chat';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  changeChat,
  chatMessagesPage,
  chatsPage,
  readChat,
  removeChat,
  startChat,
  writeInChat,
} from './chat-service.ts';

/**
 * /api/chats: internal chat between users of one company (extended §2.8, §3, §7). Members read
 * and write a chat; its owner edits and deletes it; each member has an unread count. Gated by the
 * plan's useInternalChat. The work is in chat-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/chats',
    access: 'user',
    feature: 'useInternalChat',
    query: chatListQuerySchema,
    handler: ({ principal, query }) => chatsPage(principal, query),
  }),
  route({
    method: 'POST',
    path: '/chats',
    access: 'user',
    feature: 'useInternalChat',
    body: chatCreateInputSchema,
    handler: async ({ principal, body }) => new HttpAnswer(201, await startChat(principal, body)),
  }),
  route({
    ...onRecord('PUT', '/chats/{id}', 'user'),
    feature: 'useInternalChat',
    body: chatUpdateInputSchema,
    handler: ({ principal, params, body }) => changeChat(principal, params.id, body),
  }),
  route({
    ...onRecord('DELETE', '/chats/{id}', 'user'),
    feature: 'useInternalChat',
    handler: async ({ principal, params }) => {
      await removeChat(principal, params.id);
      return new HttpAnswer(204);
    },
  }),
  route({
    ...onRecord('GET', '/chats/{id}/messages', 'user'),
    feature: 'useInternalChat',
    query: chatMessageListQuerySchema,
    handler: ({ principal, params, query }) => chatMessagesPage(principal, params.id, query),
  }),
  route({
    ...onRecord('POST', '/chats/{id}/messages', 'user'),
    feature: 'useInternalChat',
    body: chatMessageCreateInputSchema,
    handler: async ({ principal, params, body }) =>
      new HttpAnswer(201, await writeInChat(principal, params.id, body.message)),
  }),
  route({
    ...onRecord('POST', '/chats/{id}/read', 'user'),
    feature: 'useInternalChat',
    body: chatReadInputSchema,
    handler: async ({ principal, params, body }) => {
      await readChat(principal, params.id, body.userId);
      return new HttpAnswer(204);
    },
  }),
]);
