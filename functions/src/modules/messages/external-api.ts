import { putMedia } from '#aws/s3';
import { findOrCreateContact } from '#data/contacts';
import { getMessage } from '#data/messages';
import { changeTicketState } from '#data/tickets';
import type { WhatsappRecord } from '#data/whatsapps';
import { AppError, foundOr } from '#domain/app-error';
import { mediaKeyOf, mediaOfUpload } from '#domain/media-rules';
import { assertCompanyMayUse } from '#http/company-context';
import { bearerToken } from '#http/request-input';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { externalSendSchema, type ExternalSendAnswer } from './external-api-schema.ts';
import { connectionOfApiToken } from './external-api-token.ts';
import {
  derivedMessageId,
  newMessageId,
  sendOutbound,
  ticketForOutbound,
  type OutboundMedia,
} from './send-outbound.ts';

/**
 * The connection a bearer token belongs to, or 401. The token index (gsi1) is eventually
 * consistent, so the connection is read again by its key (consistent) and must still hold the
 * token: a token rotated in the connection modal stops working at once.
 */
export async function connectionOfToken(
  headers: Record<string, string | undefined>,
): Promise<WhatsappRecord> {
  return foundOr(connectionOfApiToken(bearerToken(headers)), 'ERR_INVALID_API_TOKEN');
}

function idempotencyKey(
  headers: Record<string, string | undefined>,
  messageId: string | undefined,
): string | undefined {
  const key = headers['idempotency-key']?.trim() || messageId;
  return key ? key.slice(0, 200) : undefined;
}

export const externalApiRoutes = [
  route({
    method: 'POST',
    path: '/messages/send',
    multipart: true,
    // The connection token is the credential, checked in the handler (the JWT is not involved).
    access: 'public',
    body: externalSendSchema,
    handler: async ({ headers, body }) => {
      const whatsapp = await connectionOfToken(headers);
      const companyId = whatsapp.companyId;
      await assertCompanyMayUse(companyId, { feature: 'useExternalApi' });
      const text = body.body.trim();
      const files = body.medias ?? [];
      if (!text && files.length === 0)
        throw new AppError('ERR_VALIDATION', { issues: [{ path: 'body', message: 'Requerido' }] });

      const key = idempotencyKey(headers, body.messageId);
      const idOf = (index: number) =>
        key ? derivedMessageId(`api:${companyId}:${key}:${index}`) : newMessageId();
      const ids = Array.from({ length: Math.max(files.length, 1) }, (_, index) => idOf(index));
      // A retry of a finished request answers what the first one stored, without a new ticket.
      if (key) {
        const [first, last] = await Promise.all([
          getMessage(companyId, ids[0]!),
          getMessage(companyId, ids.at(-1)!),
        ]);
        if (first && last)
          return new HttpAnswer(200, {
            id: first.id,
            ticketId: first.ticketId,
            messageIds: ids,
            closed: false,
          } satisfies ExternalSendAnswer);
      }

      const { contact } = await findOrCreateContact(companyId, {
        number: body.number,
        name: body.number,
        isGroup: false,
        whatsappId: whatsapp.id,
      });
      const { ticket } = await ticketForOutbound(companyId, contact, {
        whatsappId: whatsapp.id,
        status: 'pending',
        connectionChecked: true,
      });
      let ticketId = ticket.id;
      for (const [index, id] of ids.entries()) {
        const file = files[index];
        let media: OutboundMedia | undefined;
        if (file) {
          // The stored type comes from the bytes against the allow-list, never the caller's claim.
          const { mediaType, mimetype } = await mediaOfUpload(file.content, file.mimetype);
          const mediaKey = mediaKeyOf(companyId, ticket.whatsappId, id);
          const fileName = file.filename || 'archivo';
          await putMedia(mediaKey, file.content, mimetype, fileName);
          media = { mediaType, key: mediaKey, mimetype, fileName, sizeBytes: file.content.length };
        }
        const sent = await sendOutbound({
          companyId,
          ticket,
          contact,
          id,
          // The body is the first file's caption; later files go without one.
          body: index === 0 ? text : '',
          fromApi: true,
          ...(media ? { media } : {}),
        });
        if (index === 0 && sent.message) ticketId = sent.message.ticketId;
      }

      let closed = false;
      if (body.closeTicket && ticket.status !== 'closed') {
        await changeTicketState(
          ticket,
          {
            status: 'closed',
            userId: ticket.userId ?? null,
            queueId: ticket.queueId ?? null,
            whatsappId: ticket.whatsappId,
          },
          'resolve',
          0,
          { clearIntegration: true },
        );
        closed = true;
      }
      return new HttpAnswer(201, {
        id: ids[0]!,
        ticketId,
        messageIds: ids,
        closed,
      } satisfies ExternalSendAnswer);
    },
  }),
];
