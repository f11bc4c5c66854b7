import { putMedia } from '#aws/s3';
import { findOrCreateContact } from '#data/contacts';
import { getMessage } from '#data/messages';
import { changeTicketState } from '#data/tickets';
import type { WhatsappRecord } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { mediaKeyOf, mediaOfUpload } from '#domain/media-rules';
import type * as z from 'zod';
import type { ExternalSendAnswer, uploadedFile } from './external-api-schema.ts';
import {
  derivedMessageId,
  newMessageId,
  storeOutbound,
  ticketForOutbound,
  type OutboundFirstMessage,
} from './send-outbound.ts';

/** A file of the request, as the multipart parser handed it over. */
type ExternalFile = z.infer<typeof uploadedFile>;

/** What a caller of POST /api/messages/send asked, validated. */
export interface ExternalSendInput {
  number: string;
  text: string;
  files: ExternalFile[];
  closeTicket: boolean;
  /** The caller's idempotency key (header or messageId): a retry sends once. */
  key: string | undefined;
}

/**
 * POST /api/messages/send for the connection `whatsapp` (its token checked): the text and the
 * files as messages in order (the text is the first file's caption), on the number's open or
 * pending ticket on that connection, else on a new pending ticket created already holding the
 * first message (one write); then the ticket closed when asked. A retry under the same key
 * answers what the first one stored (a partial one goes on: each part keeps its id).
 */
export async function sendFromExternalApi(
  whatsapp: Pick<WhatsappRecord, 'id' | 'companyId'>,
  input: ExternalSendInput,
): Promise<{ status: 200 | 201; answer: ExternalSendAnswer }> {
  const companyId = whatsapp.companyId;
  const { text, files, key } = input;
  if (!text && files.length === 0)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'body', message: 'Requerido' }] });
  const ids = Array.from({ length: Math.max(files.length, 1) }, (_, index) =>
    key ? derivedMessageId(`api:${companyId}:${key}:${index}`) : newMessageId(),
  );
  // A retry of a finished request answers what the first one stored, without a new ticket.
  if (key) {
    const [first, last] = await Promise.all([getMessage(companyId, ids[0]!), getMessage(companyId, ids.at(-1)!)]);
    if (first && last)
      return { status: 200, answer: { id: first.id, ticketId: first.ticketId, messageIds: ids, closed: false } };
  }

  const [{ contact }, parts] = await Promise.all([
    findOrCreateContact(companyId, { number: input.number, name: input.number, isGroup: false, whatsappId: whatsapp.id }),
    Promise.all(ids.map((id, index) => partOf(companyId, whatsapp.id, id, index === 0 ? text : '', files[index]))),
  ]);
  const { ticket, stored } = await ticketForOutbound(companyId, contact, {
    whatsappId: whatsapp.id,
    status: 'pending',
    connectionChecked: true,
    firstMessage: parts[0]!,
  });
  let ticketId = ticket.id;
  for (const [index, part] of parts.entries()) {
    const done = index === 0 && stored ? stored : await storeOutbound({ companyId, ticket, contact, ...part });
    await done.handOver?.();
    if (index === 0 && done.result.message) ticketId = done.result.message.ticketId;
  }

  let closed = false;
  if (input.closeTicket && ticket.status !== 'closed') {
    await changeTicketState(
      ticket,
      { status: 'closed', userId: ticket.userId ?? null, queueId: ticket.queueId ?? null, whatsappId: ticket.whatsappId },
      'resolve',
      0,
      { clearIntegration: true },
    );
    closed = true;
  }
  return { status: 201, answer: { id: ids[0]!, ticketId, messageIds: ids, closed } };
}

/**
 * One message of the request: its text, and its file stored under the message's media key, the
 * stored type from the bytes against the allow-list (never the caller's claim).
 */
async function partOf(
  companyId: number,
  whatsappId: number,
  id: string,
  body: string,
  file: ExternalFile | undefined,
): Promise<OutboundFirstMessage> {
  if (!file) return { id, body, fromApi: true };
  const { mediaType, mimetype } = await mediaOfUpload(file.content, file.mimetype);
  const mediaKey = mediaKeyOf(companyId, whatsappId, id);
  const fileName = file.filename || 'archivo';
  await putMedia(mediaKey, file.content, mimetype, fileName);
  return {
    id,
    body,
    fromApi: true,
    media: { mediaType, key: mediaKey, mimetype, fileName, sizeBytes: file.content.length },
  };
}
