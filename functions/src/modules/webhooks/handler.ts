import * as z from 'zod';
import {
  webhookCreateInputSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPathSchema,
  webhookLimits,
  webhookUpdateInputSchema,
} from '@atende/shared/entities/webhook';
import {
  createDelivery,
  createWebhook,
  deleteWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from '#data/webhooks';
import { AppError, foundOr } from '#domain/app-error';
import { checkOutboundUrl } from '#domain/outbound-url';
import { newWebhookSecret, secretHint, webhookDeliveryId } from '#domain/webhook-rules';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { isSealedSecret } from '#domain/sealed-secret';
import { secretBox } from '#homes/adapters';
import { outboundPolicyFromEnv } from '../../http-out/safe-fetch.ts';
import { enqueueAttempt } from './queue-message.ts';
import { publicDelivery, publicWebhook } from './serialize.ts';

async function webhookOrFail(companyId: number, id: number) {
  return foundOr(getWebhook(companyId, id));
}

/**
 * The URL as typed must pass the outbound rule on save too (so the admin hears at once); the
 * addresses its name resolves to are checked at every delivery (http-out/safe-fetch.ts).
 */
function assertAllowedUrl(url: string): void {
  const checked = checkOutboundUrl(url, outboundPolicyFromEnv());
  if (!checked.ok) throw new AppError('ERR_WEBHOOK_URL_REFUSED', { reason: checked.reason });
}

/** A signing secret as stored: sealed by the company's secret box, with the hint answers show. */
async function sealedSecret(companyId: number, secret: string) {
  return { secret: await (await secretBox()).seal(companyId, secret), secretHint: secretHint(secret) };
}

/**
 * /api/webhooks: a company's outbound webhooks (docs/decisions.md, "Outbound webhooks"), admins
 * only. The secret is answered once, when created or rotated; afterwards only its hint.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/webhooks',
    access: 'admin',
    handler: async ({ principal }) => ({
      webhooks: (await listWebhooks(principal.companyId)).sort((a, b) => a.id - b.id).map(publicWebhook),
      // Which URLs this stage saves, so the dialog says so: https to public addresses everywhere,
      // plus http to loopback in the local runtime. A flag of the stage, no address or secret.
      urlPolicy: { loopbackHttp: outboundPolicyFromEnv().allowLoopback },
    }),
  }),
  route({
    ...onRecord('GET', '/webhooks/{id}', 'admin'),
    handler: async ({ principal, params }) =>
      publicWebhook(await webhookOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/webhooks',
    access: 'admin',
    body: webhookCreateInputSchema,
    handler: async ({ principal, body }) => {
      assertAllowedUrl(body.url);
      if ((await listWebhooks(principal.companyId)).length >= webhookLimits.perCompany)
        throw new AppError('ERR_WEBHOOK_LIMIT');
      const secret = newWebhookSecret();
      const webhook = await createWebhook(principal.companyId, {
        name: body.name,
        url: body.url,
        events: [...new Set(body.events)],
        enabled: body.enabled,
        ...(await sealedSecret(principal.companyId, secret)),
      });
      return new HttpAnswer(201, { ...publicWebhook(webhook), secret });
    },
  }),
  route({
    ...onRecord('PUT', '/webhooks/{id}', 'admin'),
    body: webhookUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await webhookOrFail(principal.companyId, params.id);
      if (body.url !== undefined) assertAllowedUrl(body.url);
      const changes = {
        ...body,
        ...(body.events ? { events: [...new Set(body.events)] } : {}),
        // A secret stored in clear before sealing is sealed on the webhook's next save.
        ...(isSealedSecret(current.secret) ? {} : await sealedSecret(principal.companyId, current.secret)),
      };
      // Enabled again (after the platform or an admin disabled it): a fresh start, no streak, no notice.
      const reenabled = body.enabled === true && current.enabled === false;
      return publicWebhook(await updateWebhook(principal.companyId, params.id, changes, reenabled));
    },
  }),
  route({
    ...onRecord('DELETE', '/webhooks/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      await deleteWebhook(principal.companyId, params.id);
      return { message: 'Webhook deleted' };
    },
  }),
  route({
    ...onRecord('POST', '/webhooks/{id}/secret', 'admin'),
    handler: async ({ principal, params }) => {
      await webhookOrFail(principal.companyId, params.id);
      const secret = newWebhookSecret();
      const webhook = await updateWebhook(
        principal.companyId,
        params.id,
        await sealedSecret(principal.companyId, secret),
      );
      return { ...publicWebhook(webhook), secret };
    },
  }),
  route({
    ...onRecord('GET', '/webhooks/{id}/deliveries', 'admin'),
    query: webhookDeliveriesQuerySchema,
    handler: async ({ principal, params, query }) => {
      await webhookOrFail(principal.companyId, params.id);
      const page = await listDeliveries(principal.companyId, params.id, query.cursor);
      return { deliveries: page.deliveries.map(publicDelivery), hasMore: page.hasMore };
    },
  }),
  route({
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{deliveryId}/replay',
    access: 'admin',
    params: webhookDeliveryPathSchema,
    body: z.object({}).optional(),
    handler: async ({ principal, params }) => {
      const { companyId } = principal;
      await webhookOrFail(companyId, params.id);
      const original = await getDelivery(companyId, params.id, params.deliveryId);
      if (!original) throw new AppError('ERR_NOT_FOUND');
      // The same event (id and body: receivers may dedupe on it); a new delivery with its own log.
      const id = webhookDeliveryId(Date.now());
      await createDelivery({
        companyId,
        webhookId: params.id,
        id,
        event: original.event,
        eventId: original.eventId,
        payload: original.payload,
        replayOf: original.id,
      });
      await enqueueAttempt({ companyId, webhookId: params.id, deliveryId: id, attempt: 1 });
      const created = await getDelivery(companyId, params.id, id);
      return new HttpAnswer(201, publicDelivery(created!));
    },
  }),
]);
