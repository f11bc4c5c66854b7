import { webhookCreateInputSchema, webhookEvents, type WebhookEvent } from '@atende/shared/entities/webhook';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { Webhook, WebhookPayload } from './api/types.ts';

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

/** The shared schema's check (Requerido, muy largo!); the server also checks the URL's address. */
export function checkWebhookForm(values: WebhookFormValues): FormCheck<WebhookPayload> {
  const checked = validateForm(webhookCreateInputSchema, values);
  return checked.ok
    ? {
        ok: true,
        data: {
          ...checked.data,
          events: webhookEvents.filter((event) => checked.data.events.includes(event)),
        },
      }
    : checked;
}

/** Adds or removes an event, keeping the catalogue's order. */
export function toggleEvent(
  events: readonly WebhookEvent[],
  event: WebhookEvent,
  on: boolean,
): WebhookEvent[] {
  return webhookEvents.filter((candidate) => (candidate === event ? on : events.includes(candidate)));
}
