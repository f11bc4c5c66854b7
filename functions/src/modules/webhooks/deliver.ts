import { webhookHeaders, webhookLimits } from '@atende/shared/entities/webhook';
import { claimAttempt, getDelivery, getWebhook, recordAttempt } from '#data/webhooks';
import { isDelivered, retryDelaySeconds, signWebhook } from '#domain/webhook-rules';
import { openStoredSecret } from '#modules/secrets/stored-secret';
import { OutboundError, safeFetch } from '../../http-out/safe-fetch.ts';
import { noteDeliveredAttempt, noteFailedAttempt } from './failing.ts';
import { enqueueAttempt, type DeliveryAttempt } from './queue-message.ts';
import { logger } from '#observability/logger';
import { countMetric, metricNames } from '#observability/metrics';

/** Seconds before the second attempt; each next one waits twice as long (WEBHOOK_RETRY_BASE_SECONDS, tests shorten it). */
function retryBaseSeconds(): number {
  const configured = Number(process.env.WEBHOOK_RETRY_BASE_SECONDS);
  return Number.isFinite(configured) && configured > 0 ? configured : 30;
}

/** A receiver that keeps us waiting longer than this has failed the attempt. */
const attemptTimeoutMs = 10_000;

function log(message: string, fields: Record<string, unknown>) {
  // Never the URL (it may carry a receiver's token) nor the payload.
  logger.info(message, fields);
}

/**
 * Makes one attempt of a delivery: claims it (a repeated queue message does nothing), checks the
 * URL and every address it resolves to at this moment (safeFetch), signs the stored payload with
 * the webhook's current secret and a fresh timestamp, and records the outcome. A failure with
 * attempts left schedules the next one with exponential backoff; a refused URL fails at once.
 * Each outcome also moves the webhook's streak of failures (failing.ts): one that kept failing
 * for days is disabled.
 */
export async function attemptDelivery(message: DeliveryAttempt): Promise<void> {
  const { companyId, webhookId, deliveryId, attempt } = message;
  const delivery = await getDelivery(companyId, webhookId, deliveryId);
  if (!delivery || delivery.status === 'succeeded' || delivery.status === 'failed') return;
  const claimed = await claimAttempt(companyId, webhookId, deliveryId, attempt);
  if (!claimed) return;
  const webhook = await getWebhook(companyId, webhookId);
  if (!webhook || webhook.enabled === false) {
    await recordAttempt(companyId, webhookId, deliveryId, attempt, {
      status: 'failed',
      error: webhook ? 'disabled' : 'deleted',
    });
    return;
  }

  // Stored sealed: opened only to sign this attempt (one stored in clear before sealing signs as it is).
  const secret = await openStoredSecret(companyId, webhook.secret);
  const timestamp = Math.floor(Date.now() / 1000);
  let responseStatus: number | undefined;
  let latencyMs: number | undefined;
  let error: string | undefined;
  let retryable = true;
  const started = performance.now();
  try {
    const answer = await safeFetch(webhook.url, {
      method: 'POST',
      body: delivery.payload,
      timeoutMs: attemptTimeoutMs,
      maxResponseBytes: 64 * 1024,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Atende-Webhooks/1',
        [webhookHeaders.event]: delivery.event,
        [webhookHeaders.eventId]: delivery.eventId,
        [webhookHeaders.deliveryId]: delivery.id,
        [webhookHeaders.timestamp]: String(timestamp),
        [webhookHeaders.signature]: signWebhook(secret, timestamp, delivery.payload),
      },
    });
    responseStatus = answer.status;
    latencyMs = answer.latencyMs;
    if (isDelivered(answer.status)) {
      await recordAttempt(companyId, webhookId, deliveryId, attempt, {
        status: 'succeeded',
        responseStatus,
        latencyMs,
      });
      await noteDeliveredAttempt(webhook);
      countMetric(metricNames.webhookDeliveries);
      log('webhook delivered', { companyId, webhookId, deliveryId, attempt, responseStatus, latencyMs });
      return;
    }
  } catch (caught) {
    if (!(caught instanceof OutboundError)) throw caught;
    error = caught.reason;
    latencyMs = Math.round(performance.now() - started);
    // A refused URL or address stays refused: no point in trying again.
    retryable = !caught.refused;
  }

  const delay = retryable
    ? retryDelaySeconds(attempt, retryBaseSeconds(), webhookLimits.maxAttempts)
    : undefined;
  countMetric(metricNames.webhookFailures);
  log('webhook attempt failed', {
    companyId,
    webhookId,
    deliveryId,
    attempt,
    responseStatus,
    error,
    retryInSeconds: delay ?? null,
  });
  if (delay === undefined) {
    const current = await recordAttempt(companyId, webhookId, deliveryId, attempt, {
      status: 'failed',
      responseStatus,
      latencyMs,
      error,
    });
    // Every failed attempt counts towards the webhook's streak of failures (disabled after days);
    // after the outcome is written, so a failure here cannot keep the next attempt from running.
    if (current) await noteFailedAttempt(webhook);
    return;
  }
  // The next attempt is queued before the outcome is written: if writing fails, the queue's
  // redelivery of this attempt finds it claimed and stops, and the next attempt still runs. When
  // this write comes late (the next attempt already claimed the delivery) it is dropped.
  await enqueueAttempt({ companyId, webhookId, deliveryId, attempt: attempt + 1 }, delay);
  const current = await recordAttempt(companyId, webhookId, deliveryId, attempt, {
    status: 'retrying',
    responseStatus,
    latencyMs,
    error,
    nextAttemptAt: new Date(Date.now() + delay * 1000).toISOString(),
  });
  // A retry that already ran noted its own outcome: a success there must not be followed by this
  // older failure, which would start a new streak.
  if (current) await noteFailedAttempt(webhook);
}
