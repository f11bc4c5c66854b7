import { webhookEvents, type WebhookEvent } from '@atende/shared/entities/webhook';
import type { Webhook } from './api/types.ts';

/**
 * The dialog's values; webhookCreateInputSchema (the route's body schema) checks them (Requerido,
 * muy largo!); the server also checks the URL's address. Events keep the catalogue's order.
 */
export interface WebhookFormValues {
  name: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export const emptyWebhookForm = (): WebhookFormValues => ({
  name: '',
  url: 'https://',
  events: ['ticket.created', 'message.created'],
  enabled: true,
});

export const webhookFormOf = (webhook: Webhook): WebhookFormValues => ({
  name: webhook.name,
  url: webhook.url,
  events: [...webhook.events],
  enabled: webhook.enabled,
});

/** The values as the schema reads them: the events in the catalogue's order. */
export function webhookFormInput(values: WebhookFormValues): WebhookFormValues {
  return { ...values, events: webhookEvents.filter((event) => values.events.includes(event)) };
}

/** Adds or removes an event, keeping the catalogue's order. */
export function toggleEvent(
  events: readonly WebhookEvent[],
  event: WebhookEvent,
  on: boolean,
): WebhookEvent[] {
  return webhookEvents.filter((candidate) => (candidate === event ? on : events.includes(candidate)));
}
