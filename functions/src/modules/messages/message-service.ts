/**
 * The work of the agents' message routes (a ticket's messages, a reply, a medium's fresh URL),
 * one function per route: the handler parses and answers, these read and write.
 */
import type * as z from 'zod';
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
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { fetchMediaUrl } from './media-url.ts';
import type { replyBodySchema, uploadedFile } from './message-inputs.ts';
import { newMessageId, sendOutbound, type OutboundMedia } from './send-outbound.ts';
import { publicMessage } from './serialize.ts';
import { visibleTicket } from './visible-ticket.ts';

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

export async function withMediaUrl(message: MessageRecord) {
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
 * GET /messages/{ticketId}: a page of 40, oldest first, by cursor (or the `pageNumber`th page for
 * clients that only know pages); the first page marks the ticket read.
 */
export async function ticketMessagesPage(
  principal: Principal,
  ticketId: number,
  query: { pageNumber: number; cursor?: string | undefined },
) {
  const ticket = await visibleTicket(principal, ticketId);
  let cursor: string | null = query.cursor ?? null;
  let page = await listTicketMessages(principal.companyId, ticketId, { limit: pageSize, cursor });
  for (let n = 1; !query.cursor && n < query.pageNumber && page.cursor; n += 1) {
    cursor = page.cursor;
    page = await listTicketMessages(principal.companyId, ticketId, { limit: pageSize, cursor });
  }
  if (query.pageNumber === 1 && !query.cursor)
    await markTicketRead(principal.companyId, ticket, page.messages);
  const messages = await Promise.all(page.messages.reverse().map(withMediaUrl));
  return { messages, hasMore: page.cursor !== null, cursor: page.cursor };
}

/** GET /messages/media/{messageId}: a fresh signed URL of a medium the caller may see. */
export async function freshMediaUrl(principal: Principal, messageId: string, download: boolean) {
  const message = await getMessage(principal.companyId, messageId);
  if (!message?.mediaKey || message.isDeleted) throw new AppError('ERR_NOT_FOUND');
  await visibleTicket(principal, message.ticketId);
  const url = await signedMediaUrl(message.mediaKey, message.mediaName, message.mimetype, { download });
  return { url, expiresInSeconds: mediaUrlSeconds };
}

/**
 * POST /messages/{ticketId}: the agent's reply (text, a file, a quick reply's file or a URL's),
 * stored first (ack 0) and handed to the connector; answers the message as stored, or its id when
 * the same reply was already stored.
 */
export async function replyToTicket(
  principal: Principal,
  ticketId: number,
  body: z.infer<typeof replyBodySchema>,
) {
  const text = body.body.trim();
  const quickFile =
    body.quickMessageId !== undefined && !body.medias
      ? await quickMessageFile(principal, body.quickMessageId)
      : undefined;
  const mediaUrl = !body.medias && !quickFile && body.mediaUrl ? body.mediaUrl : undefined;
  if (!text && !body.medias && !quickFile && !mediaUrl)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'body', message: 'Requerido' }] });
  const ticket = await visibleTicket(principal, ticketId);
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
  return stored.outcome === 'stored' ? await withMediaUrl(stored.message) : { id };
}

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
