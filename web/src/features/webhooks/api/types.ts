import type {
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookWithSecret,
} from '@atende/shared/entities/webhook';

export type { Webhook, WebhookDelivery, WebhookEvent, WebhookWithSecret };

/** POST /webhooks and PUT /webhooks/{id}. */
export interface WebhookPayload {
  name: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

/** GET /webhooks/{id}/deliveries: newest first. */
export interface DeliveriesPage {
  deliveries: WebhookDelivery[];
  hasMore: boolean;
}
