import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { pageNumberSchema } from '@atende/shared/query-params';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { restModule } from '#http/rest-module';
import { recordConnectionTokenRoutes } from '#http/route-list';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { deleteSentMessage } from './delete-message.ts';
import { editSentMessage } from './edit-message.ts';
import { externalApiDocsRoute } from './external-api-openapi.ts';
import { externalApiRoutes } from './external-api.ts';
import { messagePath, replyBodySchema, ticketPath } from './message-inputs.ts';
import { freshMediaUrl, replyToTicket, ticketMessagesPage } from './message-service.ts';
import { publicMessage } from './serialize.ts';

/**
 * /api/messages/{ticketId}: a ticket's messages and the agent's replies. The inbox issue adds
 * media uploads, deletion and reading; sending here stores the message first (ack 0) and hands it
 * to the connector, whose result comes back on the message (ack 1, or ERR_SENDING_WAPP_MSG). The
 * work is in message-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  // The external message API (docs/decisions.md, "External message API"): POST /messages/send.
  ...externalApiRoutes,
  externalApiDocsRoute,
  route({
    method: 'GET',
    path: '/messages/{ticketId}',
    access: 'user',
    params: ticketPath,
    query: z.object({ pageNumber: pageNumberSchema, cursor: z.string().max(2048).optional() }),
    handler: ({ principal, params, query }) => ticketMessagesPage(principal, params.ticketId, query),
  }),
  route({
    method: 'DELETE',
    path: '/messages/{messageId}',
    access: 'user',
    params: messagePath,
    handler: async ({ principal, params }) => {
      await deleteSentMessage(principal, params.messageId);
      return new HttpAnswer(204);
    },
  }),
  route({
    method: 'PUT',
    path: '/messages/{messageId}',
    access: 'user',
    params: messagePath,
    // Editing a sent text (docs/decisions.md, "Editing a sent message"): the new text.
    body: z.object({
      body: z.string().trim().min(1, msg.required).max(limits.messageBodyMax, msg.tooLong),
    }),
    handler: async ({ principal, params, body }) =>
      publicMessage(await editSentMessage(principal, params.messageId, body.body)),
  }),
  route({
    method: 'GET',
    path: '/messages/media/{messageId}',
    access: 'user',
    params: messagePath,
    // A fresh URL for a medium whose URL expired (or never came: live events); `download=1` signs
    // it as an attachment, for the viewer's download button on an image.
    query: z.object({ download: z.enum(['0', '1']).optional() }),
    handler: ({ principal, params, query }) =>
      freshMediaUrl(principal, params.messageId, query.download === '1'),
  }),
  route({
    method: 'POST',
    path: '/messages/{ticketId}',
    multipart: true,
    access: 'user',
    params: ticketPath,
    body: replyBodySchema,
    // The message as stored (ack 0); its sending shows on the live channel (appMessage update).
    handler: async ({ principal, params, body }) =>
      new HttpAnswer(201, await replyToTicket(principal, params.ticketId, body)),
  }),
]);
// POST /messages/send takes a connection token: the route probe calls it with another company's.
recordConnectionTokenRoutes(handler, externalApiRoutes);
