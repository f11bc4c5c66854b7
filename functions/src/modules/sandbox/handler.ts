import * as z from 'zod';
import { sandboxMediaTypes } from '@atende/shared/entities/connector-command';
import { idPathSchema } from '@atende/shared/fields';
import type { Principal } from '#auth/principal';
import { sandboxOutbox } from '#data/sandbox-outbox';
import { getWhatsapp } from '#data/whatsapps';
import { AppError } from '#domain/app-error';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { sendConnectorCommand } from '#ports/connector-commands';

/** Media a sandbox customer may send, as base64: at most 10 MB of bytes. */
const maxMediaBase64 = Math.ceil((10 * 1024 * 1024 * 4) / 3);
const phone = z.string().regex(/^\d{8,20}$/, 'Número inválido: solo dígitos, con país y área');

const inboundSchema = z.object({
  from: phone,
  name: z.string().max(100).optional(),
  body: z.string().max(65_536).default(''),
  id: z.string().min(1).max(128).optional(),
  mediaType: z.enum(sandboxMediaTypes).optional(),
  quotedId: z.string().min(1).max(128).optional(),
  data: z.string().max(maxMediaBase64).optional(),
  fileName: z.string().max(255).optional(),
});

/**
 * The sandbox connection's connection must exist in the caller's company and use the sandbox
 * provider; the whole module answers as an unknown route where the stage has not enabled it.
 */
async function sandboxConnection(principal: Principal, whatsappId: number) {
  if (process.env.SANDBOX_ENABLED !== 'true') throw new AppError('ERR_ROUTE_NOT_FOUND');
  const whatsapp = await getWhatsapp(principal.companyId, whatsappId);
  if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND');
  if (whatsapp.provider !== 'sandbox') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return whatsapp;
}

const accepted = () => new HttpAnswer(202, { status: 'accepted' });

/** /api/sandbox/{whatsappId}/...: play the customer's side of a sandbox connection (docs/sandbox.md). */
export const handler = restModule([
  ...(['scan', 'drop', 'restore'] as const).map((action) =>
    route({
      method: 'POST',
      path: `/sandbox/{id}/${action}`,
      access: 'admin',
      params: idPathSchema,
      handler: async ({ principal, params }) => {
        await sandboxConnection(principal, params.id);
        const type = action === 'scan' ? 'sandboxScan' : action === 'drop' ? 'sandboxDrop' : 'sandboxRestore';
        await sendConnectorCommand({ type, companyId: principal.companyId, whatsappId: params.id });
        return accepted();
      },
    }),
  ),
  route({
    method: 'POST',
    path: '/sandbox/{id}/inbound',
    access: 'admin',
    params: idPathSchema,
    body: inboundSchema,
    handler: async ({ principal, params, body }) => {
      await sandboxConnection(principal, params.id);
      // The message id makes the command's deduplication id too: sending it twice is a redelivery.
      await sendConnectorCommand({
        type: 'sandboxInbound',
        companyId: principal.companyId,
        whatsappId: params.id,
        ...(body.id ? { commandId: `sandbox-inbound-${principal.companyId}-${params.id}-${body.id}` } : {}),
        ...body,
      });
      return accepted();
    },
  }),
  route({
    method: 'POST',
    path: '/sandbox/{id}/ack',
    access: 'admin',
    params: idPathSchema,
    body: z.object({ id: z.string().min(1), ack: z.number().int().min(1).max(5) }),
    handler: async ({ principal, params, body }) => {
      await sandboxConnection(principal, params.id);
      await sendConnectorCommand({ type: 'sandboxAck', companyId: principal.companyId, whatsappId: params.id, id: body.id, ack: body.ack });
      return accepted();
    },
  }),
  route({
    method: 'GET',
    path: '/sandbox/{id}/outbox',
    access: 'admin',
    params: idPathSchema,
    query: z.object({ to: phone }),
    handler: async ({ principal, params, query }) => {
      await sandboxConnection(principal, params.id);
      return sandboxOutbox(principal.companyId, params.id, query.to);
    },
  }),
]);
