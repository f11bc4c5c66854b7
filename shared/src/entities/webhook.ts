/**
 * Outbound webhooks (beyond the spec; docs/decisions.md, "Outbound webhooks"): a company's URLs
 * that receive its ticket and message events, signed, with a delivery log. Admins only.
 */
import * as z from 'zod';
import { idSchema, requiredText } from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { webhookLimits } from './webhook-limits.ts';

/** The events a webhook may subscribe to. */
export const webhookEvents = [
  'ticket.created',
  'ticket.updated',
  'ticket.status_changed',
  'message.created',
  'message.updated',
  'message.status_changed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export { webhookLimits };

/** Why a webhook was disabled by the platform (not by an admin): its receiver kept failing. */
export const webhookDisabledReasons = ['failing'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

export const webhookDeliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** The request headers a receiver reads (names in lower case, as HTTP/2 and node show them). */
export const webhookHeaders = {
  event: 'x-atende-event',
  eventId: 'x-atende-event-id',
  deliveryId: 'x-atende-delivery-id',
  timestamp: 'x-atende-timestamp',
  /** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the webhook's secret>`. */
  signature: 'x-atende-signature',
} as const;

const urlField = requiredText().max(webhookLimits.urlMax, msg.tooLong);
const eventsField = z
  .array(z.enum(webhookEvents, { error: msg.invalidValue }))
  .min(1, msg.required)
  .max(webhookEvents.length);

/** POST /webhooks. */
export const webhookCreateInputSchema = z.object({
  name: z.string().trim().max(webhookLimits.nameMax, msg.tooLong).default(''),
  url: urlField,
  events: eventsField,
  enabled: z.boolean().default(true),
});
export type WebhookCreateInput = z.input<typeof webhookCreateInputSchema>;

/** PUT /webhooks/{id}. */
export const webhookUpdateInputSchema = z.object({
  name: z.string().trim().max(webhookLimits.nameMax, msg.tooLong).optional(),
  url: urlField.optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateInput = z.input<typeof webhookUpdateInputSchema>;

/** /webhooks/{id}/deliveries/{deliveryId}. */
export const webhookDeliveryPathSchema = z.object({
  id: z.coerce.number().int().positive(),
  deliveryId: z
    .string()
    .max(60)
    .regex(/^[0-9a-z-]{10,60}$/),
});

/** GET /webhooks/{id}/deliveries: `cursor` is the last delivery id of the previous page. */
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .max(60)
    .regex(/^[0-9a-z-]{10,60}$/)
    .optional(),
});

/** A webhook as the API shows it: the secret only as its last characters. */
export const webhookSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  secretHint: z.string(),
  /** The first failed attempt of the current streak of failures; null while the last one succeeded. */
  failingSince: z.string().nullable(),
  /** Set when the platform disabled it (its receiver kept failing); cleared when re-enabled. */
  disabledAt: z.string().nullable(),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks and POST /webhooks/{id}/secret answer the secret once. */
export type WebhookWithSecret = Webhook & { secret: string };

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: idSchema,
  event: z.enum(webhookEvents),
  eventId: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  /** The receiver's last HTTP status, null when none answered. */
  responseStatus: z.number().nullable(),
  /** Of the last attempt, in milliseconds. */
  latencyMs: z.number().nullable(),
  /** Why the last attempt failed without an HTTP answer (timeout, network, address…). */
  error: z.string().nullable(),
  /** The delivery this one replays. */
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
