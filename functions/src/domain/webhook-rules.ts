/**
 * Outbound webhooks, the pure part (docs/decisions.md, "Outbound webhooks"): which events a data
 * change is, how a delivery is signed, its ids, and when a failed attempt is tried again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { webhookLimits, type WebhookEvent } from '@atende/shared/entities/webhook';

/** A ticket or message change as the stream reports it. */
export interface WebhookSourceChange {
  entity: string;
  kind: 'create' | 'update' | 'delete';
  newItem: Record<string, unknown> | undefined;
  oldItem: Record<string, unknown> | undefined;
}

/**
 * Attributes that are bookkeeping, not part of what a receiver is told: the connector's claim on
 * a message it is sending. An update that changes only these is no event.
 */
const bookkeepingFields = new Set(['sendClaimUntil']);

function onlyBookkeepingChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  let changed = false;
  for (const field of fields) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    if (!bookkeepingFields.has(field)) return false;
    changed = true;
  }
  return changed;
}

/** The events a change is: created, updated, and status changed (a ticket's status, a message's ack). */
export function webhookEventsOf(change: WebhookSourceChange): WebhookEvent[] {
  if (change.kind === 'delete' || !change.newItem) return [];
  const statusField = change.entity === 'ticket' ? 'status' : change.entity === 'message' ? 'ack' : undefined;
  if (!statusField) return [];
  const prefix = change.entity as 'ticket' | 'message';
  if (change.kind === 'create') return [`${prefix}.created`];
  if (change.oldItem && onlyBookkeepingChanged(change.oldItem, change.newItem)) return [];
  const events: WebhookEvent[] = [`${prefix}.updated`];
  if (change.oldItem && change.oldItem[statusField] !== change.newItem[statusField])
    events.push(`${prefix}.status_changed`);
  return events;
}

/** A new webhook secret: 32 random bytes, prefixed so it is recognisable in a receiver's settings. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the screen shows of a secret after its creation. */
export function secretHint(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/**
 * The signature header's value: HMAC-SHA256 over `<timestamp>.<body>`, so a captured request
 * cannot be replayed with another timestamp (receivers also refuse old timestamps).
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (and the tests): constant-time comparison of the expected signature. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function hex(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** A stable event id from the stream record that produced it: a redelivered batch makes the same ids. */
export function webhookEventId(sourceRecordId: string, event: WebhookEvent): string {
  const h = hex(`${sourceRecordId}|${event}`, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A delivery id: its creation time (base 36, fixed width, so ids sort by time) and a part that
 * makes it unique. From a stream record both parts are derived from it (idempotent creation); a
 * replay gets a random one.
 */
export function webhookDeliveryId(atMs: number, unique: string = randomBytes(8).toString('hex')): string {
  return `${Math.max(0, Math.floor(atMs)).toString(36).padStart(9, '0')}-${hex(unique, 12)}`;
}

/** Seconds before attempt `attempt + 1` after attempt `attempt` failed; undefined when none is left. */
export function retryDelaySeconds(
  attempt: number,
  baseSeconds: number,
  maxAttempts: number = webhookLimits.maxAttempts,
): number | undefined {
  if (attempt >= maxAttempts) return undefined;
  // SQS delays stop at 15 minutes.
  return Math.min(900, Math.max(1, Math.round(baseSeconds * 2 ** (attempt - 1))));
}

/** A 2xx is a delivery; anything else (3xx included: redirects are not followed) is a failed attempt. */
export function isDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * What a failed attempt does to its webhook's streak of failures (docs/decisions.md, "A webhook
 * failing for days is disabled"): the first failure starts the streak (`failingSince`); a failure
 * `days` or more after the streak began disables the webhook; anything between changes nothing.
 */
export function afterFailedAttempt(
  failingSince: string | undefined,
  nowMs: number,
  days: number = webhookLimits.disableAfterFailingDays,
): 'startStreak' | 'disable' | 'keep' {
  const since = failingSince ? Date.parse(failingSince) : Number.NaN;
  if (!Number.isFinite(since)) return 'startStreak';
  return nowMs - since >= days * 86_400_000 ? 'disable' : 'keep';
}

/** The e-mail that tells a company's admin that a webhook was disabled (never its URL: it may carry a token). */
export function webhookDisabledMail(webhook: { id: number; name: string }, days: number = webhookLimits.disableAfterFailingDays) {
  const label = webhook.name ? `"${webhook.name}" (#${webhook.id})` : `#${webhook.id}`;
  return {
    subject: `Webhook desactivado: ${webhook.name || `#${webhook.id}`}`,
    text:
      `El webhook ${label} fue desactivado porque todas sus entregas fallaron durante ${days} días seguidos.\n\n` +
      'Revise que su receptor esté funcionando y vuelva a activarlo en la pantalla Webhooks. ' +
      'Mientras esté desactivado no recibirá eventos.',
  };
}
