import type { WhatsappRecord } from '#data/whatsapps';
import { foundOr } from '#domain/app-error';
import { assertCompanyMayUse } from '#http/company-context';
import { bearerToken } from '#http/request-input';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { externalSendSchema } from './external-api-schema.ts';
import { connectionOfApiToken } from './external-api-token.ts';
import { sendFromExternalApi } from './external-send.ts';

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
      await assertCompanyMayUse(whatsapp.companyId, { feature: 'useExternalApi' });
      const sent = await sendFromExternalApi(whatsapp, {
        number: body.number,
        text: body.body.trim(),
        files: body.medias ?? [],
        closeTicket: body.closeTicket ?? false,
        key: idempotencyKey(headers, body.messageId),
      });
      return new HttpAnswer(sent.status, sent.answer);
    },
  }),
];
