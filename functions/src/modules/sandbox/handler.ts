import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from 'zod';
import { limits } from '@atende/shared/constants';
import { sandboxMediaTypes } from '@atende/shared/entities/connector-command';
import { disconnectReasonSchema } from '@atende/shared/entities/connection-health';
import { idPathSchema, messageIdSchema, whatsappMessageIdSchema } from '@atende/shared/fields';
import type { Principal } from '#auth/principal';
import { sandboxOutbox } from '#data/sandbox-outbox';
import { bearerToken } from '#http/request-input';
import { restModule } from '#http/rest-module';
import { recordConnectionTokenRoutes, recordRoutes } from '#http/route-list';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import {
  connectionOfTokenOnly,
  sandboxConnection,
  usesConnectionToken,
  type SandboxCaller,
} from './caller.ts';
import { postSandboxDrop, postSandboxInbound, postSandboxRestore } from './commands.ts';

/** Media a sandbox customer may send, as base64: at most 10 MB of bytes. */
const maxMediaBase64 = Math.ceil((10 * 1024 * 1024 * 4) / 3);
const phone = z
  .string()
  .max(20, 'Número inválido: solo dígitos, con país y área')
  .regex(/^\d{8,20}$/, 'Número inválido: solo dígitos, con país y área');

const inboundSchema = z.object({
  from: phone,
  name: z.string().max(100).optional(),
  body: z.string().max(65_536).default(''),
  // The same id rule as real WhatsApp traffic: ids become table and media keys.
  id: whatsappMessageIdSchema.optional(),
  mediaType: z.enum(sandboxMediaTypes).optional(),
  quotedId: messageIdSchema.optional(),
  /** A tap on a row or button of a menu the business sent: its id (docs/sandbox.md). */
  selectedId: z.string().trim().min(1).max(20).optional(),
  // The customer edits an earlier message of theirs (docs/sandbox.md).
  editOf: whatsappMessageIdSchema.optional(),
  data: z.string().max(maxMediaBase64).optional(),
  fileName: z.string().max(255).optional(),
  /** The customer's LID (a privacy id): sent with the number, or alone with `hideNumber` (docs/sandbox.md). */
  lid: z.string().max(24).regex(/^\d{8,24}$/, 'LID inválido: solo dígitos').optional(),
  hideNumber: z.boolean().optional(),
});

/** The title of the row or button `selectedId` in the latest menu sent to `to`, if any. */
async function tappedTitle(companyId: number, whatsappId: number, to: string, selectedId: string): Promise<string | undefined> {
  const sent = await sandboxOutbox(companyId, whatsappId, to);
  for (const message of sent.reverse()) {
    const row = message.menu?.rows.find((r) => r.id === selectedId);
    if (row) return row.title;
  }
  return undefined;
}

const accepted = () => new HttpAnswer(202, { status: 'accepted' });

type CallerOf = (request: {
  principal: Principal | undefined;
  headers: Record<string, string | undefined>;
}) => SandboxCaller;

const adminCaller: CallerOf = ({ principal }) => ({ kind: 'admin', principal: principal! });
const tokenCaller: CallerOf = ({ headers }) => ({ kind: 'connection', token: bearerToken(headers) ?? '' });

/**
 * The routes, once for an admin's session (`access: 'admin'`) and once for a connection token,
 * which rest-module cannot check and so reads as `public` with the token checked here.
 */
function sandboxRoutes(access: 'admin' | 'public', callerOf: CallerOf) {
  return [
    ...(['scan', 'restore', 'expire-qr'] as const).map((action) =>
      route({
        method: 'POST',
        path: `/sandbox/{id}/${action}`,
        access,
        params: idPathSchema,
        handler: async (request) => {
          const { companyId, id } = await sandboxConnection(callerOf(request), request.params.id);
          if (action === 'restore') await postSandboxRestore(companyId, id);
          else
            await sendConnectorCommand({
              type: action === 'scan' ? 'sandboxScan' : 'sandboxExpireQr',
              companyId,
              whatsappId: id,
            });
          return accepted();
        },
      }),
    ),
    route({
      method: 'POST',
      path: '/sandbox/{id}/drop',
      access,
      params: idPathSchema,
      // The reason the drop simulates (docs/sandbox.md); a connection lost when none is given.
      body: z.object({ reason: disconnectReasonSchema.optional() }),
      handler: async (request) => {
        const { companyId, id } = await sandboxConnection(callerOf(request), request.params.id);
        await postSandboxDrop(companyId, id, request.body.reason);
        return accepted();
      },
    }),
    route({
      method: 'POST',
      path: '/sandbox/{id}/inbound',
      access,
      // A customer's media arrives as base64 in the JSON body.
      maxBodyBytes: maxMediaBase64 + 512 * 1024,
      params: idPathSchema,
      body: inboundSchema,
      handler: async (request) => {
        const { companyId, id } = await sandboxConnection(callerOf(request), request.params.id);
        const { body } = request;
        // A tap shows the row's title, as a phone does: taken from the latest menu that offered it.
        if (body.selectedId && !body.body.trim()) {
          body.body = (await tappedTitle(companyId, id, body.from, body.selectedId)) ?? body.selectedId;
        }
        // Held by the virtual phone when posted during a drop (docs/sandbox.md).
        await postSandboxInbound(companyId, id, body);
        return accepted();
      },
    }),
    route({
      method: 'POST',
      path: '/sandbox/{id}/ack',
      access,
      params: idPathSchema,
      body: z.object({ id: z.string().min(1).max(limits.messageIdMax), ack: z.number().int().min(1).max(5) }),
      handler: async (request) => {
        const { companyId, id } = await sandboxConnection(callerOf(request), request.params.id);
        await sendConnectorCommand({
          type: 'sandboxAck',
          companyId,
          whatsappId: id,
          id: request.body.id,
          ack: request.body.ack,
        });
        return accepted();
      },
    }),
    route({
      method: 'GET',
      path: '/sandbox/{id}',
      access,
      params: idPathSchema,
      handler: async (request) =>
        connectionSummary(await sandboxConnection(callerOf(request), request.params.id)),
    }),
    route({
      method: 'GET',
      path: '/sandbox/{id}/outbox',
      access,
      params: idPathSchema,
      query: z.object({ to: phone }),
      handler: async (request) => {
        const { companyId, id } = await sandboxConnection(callerOf(request), request.params.id);
        return sandboxOutbox(companyId, id, request.query.to);
      },
    }),
  ];
}

/** What a script needs of its connection: which one, and how far it is (qrcode, CONNECTED…). */
const connectionSummary = (whatsapp: { id: number; name: string; status?: string }) => ({
  id: whatsapp.id,
  name: whatsapp.name,
  status: whatsapp.status ?? null,
});

const adminRoutes = sandboxRoutes('admin', adminCaller);
const withSession = restModule(adminRoutes);
const connectionTokenRoutes = [
  // A token names one connection: the script learns its id here.
  route({
    method: 'GET',
    path: '/sandbox/connection',
    access: 'public',
    handler: async ({ headers }) =>
      connectionSummary(await connectionOfTokenOnly(bearerToken(headers) ?? '')),
  }),
  ...sandboxRoutes('public', tokenCaller),
];
const withConnectionToken = restModule(connectionTokenRoutes);

/**
 * /api/sandbox/{whatsappId}/...: play the customer's side of a sandbox connection (docs/sandbox.md),
 * with an admin's session or the connection's own token (see caller.ts).
 */
export const handler = (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> =>
  usesConnectionToken(event.headers) ? withConnectionToken(event, context) : withSession(event, context);
// The route probe enumerates routes from the handler: the session routes are the module's routes,
// and the connection token's are probed with another company's token.
recordRoutes(handler, adminRoutes);
recordConnectionTokenRoutes(handler, connectionTokenRoutes);
