import { idPathSchema } from '@atende/shared/fields';
import {
  whatsappCreateInputSchema,
  whatsappListQuerySchema,
  whatsappUpdateInputSchema,
} from '@atende/shared/entities/whatsapp';
import { isAdmin } from '#auth/principal';
import { nextId } from '#data/ids';
import { createWhatsapp, deleteWhatsapp, getWhatsapp, listWhatsapps, updateWhatsapp, type WhatsappChanges } from '#data/whatsapps';
import { foundOr } from '#domain/app-error';
import {
  assertGreetingWhenQueues,
  assertMayDelete,
  assertMayUnsetDefault,
  assertProvider,
  defaultAfterCreate,
} from '#domain/whatsapp-rules';
import { newConnectionToken, tokenAfterSave } from '#domain/connection-token';
import { companyContext } from '#http/company-context';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { sendConnectorCommand } from '#modules/connector-commands/send';
import { assertBotReferencesExist } from '../references/bot-references.ts';
import { publicWhatsapp } from './serialize.ts';
import { connectionHistory, openConnectionAlerts } from '../connection-health/history.ts';

const sandboxEnabled = () => process.env.SANDBOX_ENABLED === 'true';

async function whatsappOrFail(companyId: number, id: number) {
  return foundOr(getWhatsapp(companyId, id), 'ERR_NO_WAPP_FOUND');
}

/** Optional texts: '' clears them. */
const textFields = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;

/** /api/whatsapp: the company's WhatsApp connections (core §2 Connections, §7). */
export const handler = restModule([
  // Connection health (docs/decisions.md, "Connections that tell you"): the banner's open alerts.
  route({
    method: 'GET',
    path: '/whatsapp/health/alerts',
    access: 'admin',
    handler: async ({ principal }) => openConnectionAlerts(principal.companyId),
  }),
  // A connection's last 30 days: uptime, disconnects, messages in and out per day.
  route({
    method: 'GET',
    path: '/whatsapp/{id}/history',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) => connectionHistory(await whatsappOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'GET',
    path: '/whatsapp',
    access: 'user',
    query: whatsappListQuerySchema,
    handler: async ({ principal }) =>
      (await listWhatsapps(principal.companyId)).map((w) => publicWhatsapp(w, { withToken: isAdmin(principal) })),
  }),
  route({
    method: 'GET',
    path: '/whatsapp/{id}',
    access: 'user',
    params: idPathSchema,
    query: whatsappListQuerySchema,
    handler: async ({ principal, params }) =>
      publicWhatsapp(await whatsappOrFail(principal.companyId, params.id), { withToken: isAdmin(principal) }),
  }),
  route({
    method: 'POST',
    path: '/whatsapp',
    access: 'admin',
    body: whatsappCreateInputSchema,
    handler: async ({ principal, body }) => {
      const companyId = principal.companyId;
      const provider = assertProvider(body.provider, sandboxEnabled());
      assertGreetingWhenQueues(body.queueIds, body.greetingMessage);
      const [{ company, plan }, existing] = await Promise.all([
        companyContext(companyId),
        // Consistent: a connection deleted a moment ago must not be taken for the default.
        listWhatsapps(companyId, { consistent: true }),
        assertBotReferencesExist(companyId, body),
      ]);
      const id = await nextId({ companyId }, 'whatsapp');
      const isDefault = defaultAfterCreate(body.isDefault, existing.length);
      await createWhatsapp(
        {
          companyId,
          id,
          name: body.name,
          provider,
          isDefault,
          status: 'OPENING',
          // Made here, whatever the body says (docs/decisions.md, "Connection tokens").
          token: newConnectionToken(),
          expiresTicket: body.expiresTicket,
          timeUseBotQueues: body.timeUseBotQueues,
          maxUseBotQueues: body.maxUseBotQueues,
          queueIds: body.queueIds,
          silenceMinutes: body.silenceMinutes,
          ...Object.fromEntries(textFields.filter((f) => body[f]).map((f) => [f, body[f]])),
          ...(body.timeToTransfer ? { timeToTransfer: body.timeToTransfer } : {}),
          ...(body.transferQueueId ? { transferQueueId: body.transferQueueId } : {}),
          ...(body.promptId ? { promptId: body.promptId } : {}),
          ...(body.integrationId ? { integrationId: body.integrationId } : {}),
        },
        {
          connectionLimit: plan?.connections ?? Number.MAX_SAFE_INTEGER,
          // The company's `defaultWhatsappId` comes from a per-container cache: only a connection
          // that still exists may lose the role (a deleted one would fail the transaction: 409).
          previousDefaultId:
            existing.find((w) => w.isDefault)?.id ?? existing.find((w) => w.id === company.defaultWhatsappId)?.id,
        },
      );
      // A new connection starts its session at once: its QR appears on every open screen.
      await sendConnectorCommand({ type: 'startSession', companyId, whatsappId: id });
      return new HttpAnswer(201, publicWhatsapp(await whatsappOrFail(companyId, id), { withToken: true }));
    },
  }),
  route({
    method: 'PUT',
    path: '/whatsapp/{id}',
    access: 'admin',
    params: idPathSchema,
    body: whatsappUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      // Not found first (another company's id answers 404 whatever the body names).
      const current = await whatsappOrFail(principal.companyId, params.id);
      await assertBotReferencesExist(principal.companyId, body);
      assertMayUnsetDefault(current.isDefault ?? false, body.isDefault);
      const queueIds = body.queueIds ?? current.queueIds ?? [];
      const greeting = body.greetingMessage !== undefined ? body.greetingMessage : current.greetingMessage;
      assertGreetingWhenQueues(queueIds, greeting);
      const changes: WhatsappChanges = {};
      const clear: ('timeToTransfer' | 'transferQueueId' | 'promptId' | 'integrationId' | (typeof textFields)[number])[] = [];
      if (body.name !== undefined) changes.name = body.name;
      if (body.provider !== undefined) changes.provider = assertProvider(body.provider, sandboxEnabled());
      if (body.isDefault) changes.isDefault = true;
      // An empty token asks for a new one; any other value is ignored (never chosen by a client).
      if (tokenAfterSave(body.token) === 'rotate') changes.token = newConnectionToken();
      for (const field of ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'queueIds', 'silenceMinutes'] as const) {
        if (body[field] !== undefined) (changes as Record<string, unknown>)[field] = body[field];
      }
      for (const field of textFields) {
        if (body[field] === undefined) continue;
        if (body[field]) changes[field] = body[field];
        else clear.push(field);
      }
      for (const field of ['timeToTransfer', 'transferQueueId', 'promptId', 'integrationId'] as const) {
        if (body[field] === undefined) continue;
        if (body[field]) changes[field] = body[field] as number;
        else clear.push(field);
      }
      const previousDefaultId = (await listWhatsapps(principal.companyId)).find((w) => w.isDefault)?.id;
      await updateWhatsapp(current, changes, { previousDefaultId, clear });
      return publicWhatsapp(await whatsappOrFail(principal.companyId, params.id), { withToken: true });
    },
  }),
  route({
    method: 'DELETE',
    path: '/whatsapp/{id}',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      const current = await whatsappOrFail(principal.companyId, params.id);
      assertMayDelete(current.isDefault ?? false, (await listWhatsapps(principal.companyId)).length);
      // Log the phone out first (commands of one connection run in order), then forget it.
      await sendConnectorCommand({ type: 'stopSession', companyId: principal.companyId, whatsappId: current.id });
      await deleteWhatsapp(current);
      return new HttpAnswer(204);
    },
  }),
]);

