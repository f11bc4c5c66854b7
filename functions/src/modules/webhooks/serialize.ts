import type { Webhook, WebhookDelivery, WebhookEvent } from '@atende/shared/entities/webhook';
import type { WebhookDeliveryRecord, WebhookRecord } from '#data/webhooks';
import { secretHint } from '#domain/webhook-rules';
import { isSealedSecret } from '#domain/sealed-secret';

/** A webhook as the API shows it: never its secret, only a hint of it. */
export function publicWebhook(webhook: WebhookRecord): Webhook {
  return {
    id: webhook.id,
    name: webhook.name ?? '',
    url: webhook.url,
    events: webhook.events as WebhookEvent[],
    enabled: webhook.enabled ?? true,
    // A secret stored in clear before sealing: its hint comes from it.
    secretHint:
      webhook.secretHint ?? (isSealedSecret(webhook.secret) ? 'whsec_…' : secretHint(webhook.secret)),
    failingSince: webhook.failingSince ?? null,
    disabledAt: webhook.disabledAt ?? null,
    disabledReason: webhook.disabledReason ?? null,
    createdAt: webhook.createdAt ?? '',
    updatedAt: webhook.updatedAt ?? webhook.createdAt ?? '',
  };
}

/** A delivery as the log shows it (the payload stays on the server: the receiver has it). */
export function publicDelivery(delivery: WebhookDeliveryRecord): WebhookDelivery {
  return {
    id: delivery.id,
    webhookId: delivery.webhookId,
    event: delivery.event,
    eventId: delivery.eventId,
    status: delivery.status,
    attempts: delivery.attempts ?? 0,
    responseStatus: delivery.responseStatus ?? null,
    latencyMs: delivery.latencyMs ?? null,
    error: delivery.error ?? null,
    replayOf: delivery.replayOf ?? null,
    createdAt: delivery.createdAt ?? '',
    updatedAt: delivery.updatedAt ?? delivery.createdAt ?? '',
  };
}
