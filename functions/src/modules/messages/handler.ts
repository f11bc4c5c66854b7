import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { quotedMessageInputSchema } from '@atende/shared/entities/message';
import { pageNumberSchema } from '@atende/shared/query-params';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { getContact, type ContactRecord } from '#data/contacts';
import { getMessage, listTicketMessages, type MessageRecord } from '#data/messages';
import { clearUnread, type TicketRecord } from '#data/tickets';
import { mediaUrlSeconds, putMedia, readMedia, signedMediaUrl } from '#aws/s3';
import { getQuickMessage } from '#data/quick-messages';
import type { Principal } from '#auth/principal';
import { mayReadQuickMessage } from '#domain/quick-message-rules';
import { AppError } from '#domain/app-error';
import { chatOf } from '#domain/contact-chat';
import { mediaKeyOf, mediaOfUpload } from '#domain/media-rules';

import { restModule } from '#http/rest-module';
import { recordConnectionTokenRoutes } from '#http/route-list';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { deleteSentMessage } from './delete-message.ts';
import { editSentMessage } from './edit-message.ts';
import { externalApiDocsRoute } from './external-api-openapi.ts';
import { externalApiRoutes } from './external-api.ts';
import { fetchMediaUrl } from './media-url.ts';
import { newMessageId, sendOutbound, type OutboundMedia } from './send-outbound.ts';
import { publicMessage } from './serialize.ts';
import { visibleTicket } from './visible-ticket.ts';

const ticketPath = z.object({ ticketId: z.coerce.number().int().positive() });
const messagePath = z.object({ messageId: z.string().min(1).max(128) });

/** A file as the multipart parser hands it over. */
const uploadedFile = z.object({
  filename: z.string().max(limits.fileNameMax, msg.tooLong).default(''),
  mimetype: z.string().min(1).max(limits.mimeTypeMax, msg.tooLong),
  content: z.instanceof(Buffer),
});
const pageSize = 40;

/**
 * The file of a quick reply the user may use (the company's general ones and their own; admins
 * all), as an upload: it is stored again under the new message's key, so replacing or removing
 * the quick reply's file later never takes it from a sent message. Unknown or not theirs: 404.
 */
async function quickMessageFile(
  principal: Principal,
  id: number,
): Promise<z.infer<typeof uploadedFile> | undefined> {
  const quickMessage = await getQuickMessage(principal.companyId, id);
  if (!quickMessage || !mayReadQuickMessage(principal, quickMessage)) throw new AppError('ERR_NOT_FOUND');
  if (!quickMessage.mediaKey) return undefined;
  const bytes = await readMedia(quickMessage.mediaKey);
  if (!bytes) return undefined;
  return {
    filename: quickMessage.mediaName ?? 'archivo',
    mimetype: quickMessage.mediaMimetype ?? 'application/octet-stream',
    content: Buffer.from(bytes),
  };
}

async function withMediaUrl(message: MessageRecord) {
  const url =
    message.mediaKey && !message.isDeleted
      ? await signedMediaUrl(message.mediaKey, message.mediaName, message.mimetype)
      : null;
  return publicMessage(message, url);
}

/**
 * Opening a ticket reads it: its unread count goes to zero and the customer's phone gets read
 * receipts for the newest messages it sent.
 */
async function markTicketRead(
  companyId: number,
  ticket: TicketRecord,
  newestFirst: MessageRecord[],
): Promise<void> {
  if ((ticket.unreadMessages ?? 0) === 0) return;
  await clearUnread(companyId, ticket.id);
  const unread = newestFirst
    .filter((m) => !m.fromMe && !m.isDeleted && m.mediaType !== 'call_log')
    .slice(0, ticket.unreadMessages);
  const contact = await getContact(companyId, ticket.contactId);
  if (unread.length === 0 || !contact) return;
  await sendConnectorCommand({
    type: 'markRead',
    companyId,
    whatsappId: ticket.whatsappId,
    chat: chatOf(contact),
    messageIds: unread.map((m) => m.id),
  });
}

/**
 * /api/messages/{ticketId}: a ticket's messages and the agent's replies. The inbox issue adds
 * media uploads, deletion and reading; sending here stores the message first (ack 0) and hands it
 * to the connector, whose result comes back on the message (ack 1, or ERR_SENDING_WAPP_MSG).
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
    handler: async ({ principal, params, query }) => {
      const ticket = await visibleTicket(principal, params.ticketId);
      // Pages are read with the cursor; pageNumber walks them for clients that only know pages.
      let cursor: string | null = query.cursor ?? null;
      let page = await listTicketMessages(principal.companyId, params.ticketId, { limit: pageSize, cursor });
      for (let n = 1; !query.cursor && n < query.pageNumber && page.cursor; n += 1) {
        cursor = page.cursor;
        page = await listTicketMessages(principal.companyId, params.ticketId, { limit: pageSize, cursor });
      }
      if (query.pageNumber === 1 && !query.cursor)
        await markTicketRead(principal.companyId, ticket, page.messages);
      const messages = await Promise.all(page.messages.reverse().map(withMediaUrl));
      return { messages, hasMore: page.cursor !== null, cursor: page.cursor };
    },
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
      body: z
        .string()
        .trim()
        .min(1, msg.required)
        .max(limits.messageBodyMax, msg.tooLong),
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
    handler: async ({ principal, params, query }) => {
      const message = await getMessage(principal.companyId, params.messageId);
      if (!message?.mediaKey || message.isDeleted) throw new AppError('ERR_NOT_FOUND');
      await visibleTicket(principal, message.ticketId);
      const url = await signedMediaUrl(message.mediaKey, message.mediaName, message.mimetype, {
        download: query.download === '1',
      });
      return { url, expiresInSeconds: mediaUrlSeconds };
    },
  }),
  route({
    method: 'POST',
    path: '/messages/{ticketId}',
    multipart: true,
    access: 'user',
    params: ticketPath,
    // JSON `{ body, quotedMsg, mediaUrl }`, or multipart with `medias` (one file) and an optional `body` caption.
    body: z.object({
      body: z.string().max(limits.messageBodyMax, msg.tooLong).default(''),
      quotedMsg: quotedMessageInputSchema,
      // A quick reply chosen in the input: its file goes with the text as caption (core §3 mediaPath).
      quickMessageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      // core §7: a file the server fetches (media-url.ts); '' or null for none.
      mediaUrl: z.string().trim().max(2048, msg.tooLong).nullable().optional(),
      medias: z
        .union([
          uploadedFile,
          z
            .array(uploadedFile)
            .length(1)
            .transform((files) => files[0]!),
        ])
        .optional(),
    }),
    handler: async ({ principal, params, body }) => {
      const text = body.body.trim();
      const quickFile =
        body.quickMessageId !== undefined && !body.medias
          ? await quickMessageFile(principal, body.quickMessageId)
          : undefined;
      const mediaUrl = !body.medias && !quickFile && body.mediaUrl ? body.mediaUrl : undefined;
      if (!text && !body.medias && !quickFile && !mediaUrl)
        throw new AppError('ERR_VALIDATION', { issues: [{ path: 'body', message: 'Requerido' }] });
      const ticket = await visibleTicket(principal, params.ticketId);
      // Fetched only for a ticket the caller may answer (the URL is never fetched for a 404/403).
      const urlFile = mediaUrl ? await fetchMediaUrl(mediaUrl) : undefined;
      const [contact, quoted] = await Promise.all([
        currentContactSnapshot(ticket) ?? getContact(principal.companyId, ticket.contactId),
        body.quotedMsg ? getMessage(principal.companyId, body.quotedMsg.id) : undefined,
      ]);
      const quotedId = quoted && quoted.ticketId === ticket.id ? quoted.id : undefined;
      const id = newMessageId();
      let media: OutboundMedia | undefined;
      const file = body.medias ?? quickFile ?? urlFile;
      if (file) {
        // The stored type comes from the bytes against the allow-list, never the browser's claim.
        const { mediaType, mimetype } = await mediaOfUpload(file.content, file.mimetype);
        const key = mediaKeyOf(principal.companyId, ticket.whatsappId, id);
        const fileName = file.filename || 'archivo';
        await putMedia(key, file.content, mimetype, fileName);
        media = { mediaType, key, mimetype, fileName, sizeBytes: file.content.length };
      }
      // The ticket was just read (consistent): the store starts from it instead of reading it again.
      const stored = await sendOutbound({
        companyId: principal.companyId,
        ticket,
        contact,
        id,
        body: text,
        userId: principal.userId,
        ...(media ? { media } : {}),
        ...(quotedId ? { quotedId } : {}),
      });
      // The message as stored (ack 0); its sending shows on the live channel (appMessage update).
      return new HttpAnswer(201, stored.outcome === 'stored' ? await withMediaUrl(stored.message) : { id });
    },
  }),
]);
/**
 * The number and group flag a reply goes to, from the ticket's own snapshot of its contact while
 * the ticket is current (open or pending: every change of the contact updates it; the ticket
 * lists' part of issue #26 writes it), saving the contact's read; undefined otherwise (a closed
 * ticket, or one written before snapshots), and the contact is read.
 */
function currentContactSnapshot(ticket: TicketRecord): Pick<ContactRecord, 'number' | 'isGroup'> | undefined {
  const { contactSnapshot } = ticket as TicketRecord & {
    contactSnapshot?: { number?: string; isGroup?: boolean };
  };
  if (ticket.status === 'closed' || !contactSnapshot?.number) return undefined;
  return { number: contactSnapshot.number, isGroup: contactSnapshot.isGroup ?? false };
}

// POST /messages/send takes a connection token: the route probe calls it with another company's.
recordConnectionTokenRoutes(handler, externalApiRoutes);
