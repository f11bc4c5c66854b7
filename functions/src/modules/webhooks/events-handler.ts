import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createDelivery, listWebhooks, type WebhookRecord } from '#data/webhooks';
import { ContainerCache } from '#domain/container-cache';
import { webhookDeliveryId, webhookEventId, webhookEventsOf } from '#domain/webhook-rules';
import { changeFromRecord } from '#live/stream-changes';
import { webhookPayload } from './payload.ts';
import { enqueueAttempt } from './queue-message.ts';
import { logger } from '#observability/logger';
import { observedStream } from '#observability/stream-entry';

const sourceEntities = new Set(['ticket', 'message']);
/** What this consumer reads from the stream: its sources, and the webhooks (their cache). */
const followedEntities: ReadonlySet<string> = new Set([...sourceEntities, 'webhook']);

/**
 * How long a container keeps a company's webhooks (docs/decisions.md, "Stream consumers:
 * per-container caches"). A webhook's own change in the stream drops the company's entry at
 * once; this bounds what a container that did not see that change (another shard in AWS) uses.
 */
export const webhookListFreshMs = 10_000;
const webhookLists = new ContainerCache<number, WebhookRecord[]>(webhookListFreshMs);

/**
 * Stream consumer: turns ticket and message changes into deliveries for the webhooks of the
 * company that owns them (the item's own companyId: a company only ever hears its own entities).
 * Each delivery's id derives from the stream record, so a batch delivered again creates nothing
 * twice; its first attempt is queued (a repeated queue message is fenced by the attempt claim).
 * The company's webhooks are kept per container: a webhook's change in the stream (in order with
 * the others, locally always) drops them, so a new webhook hears the next change.
 */
export const handler = observedStream(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  try {
    await dispatchWebhookEvents(event.Records);
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('webhook dispatch failed', { error: String(error) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
});

/** Answers how many deliveries it queued (the bench counts them). */
export async function dispatchWebhookEvents(records: DynamoDBRecord[]): Promise<number> {
  let queued = 0;
  for (const record of records) {
    const change = changeFromRecord(record, followedEntities);
    if (change?.entity === 'webhook') {
      const companyId = Number((change.newItem ?? change.oldItem)?.companyId);
      if (Number.isInteger(companyId)) webhookLists.forget(companyId);
      continue;
    }
    if (!change || !sourceEntities.has(change.entity)) continue;
    const events = webhookEventsOf(change);
    const item = change.newItem;
    if (events.length === 0 || !item) continue;
    const companyId = Number(item.companyId);
    if (!Number.isInteger(companyId) || companyId <= 0) continue;
    const webhooks = (await webhookLists.get(companyId, () => listWebhooks(companyId))).filter(
      (webhook) => webhook.enabled !== false,
    );
    if (webhooks.length === 0) continue;
    const recordId = record.eventID ?? record.dynamodb?.SequenceNumber ?? '';
    // The item's own write time orders the log (the stream's approximate time is coarse) and, like
    // the record id, is the same when the batch is delivered again.
    const streamMs = (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000;
    const occurredAt = String(item.updatedAt ?? item.createdAt ?? new Date(streamMs).toISOString());
    const atMs = Number.isFinite(Date.parse(occurredAt)) ? Date.parse(occurredAt) : streamMs;
    for (const event of events) {
      const eventId = webhookEventId(recordId, event);
      const payload = webhookPayload({
        event,
        eventId,
        companyId,
        occurredAt,
        entity: change.entity as 'ticket' | 'message',
        item,
        oldItem: change.oldItem,
      });
      for (const webhook of webhooks.filter((candidate) => (candidate.events as string[]).includes(event))) {
        const deliveryId = webhookDeliveryId(atMs, `${recordId}|${event}|${webhook.id}`);
        await createDelivery({ companyId, webhookId: webhook.id, id: deliveryId, event, eventId, payload });
        await enqueueAttempt({ companyId, webhookId: webhook.id, deliveryId, attempt: 1 });
        queued += 1;
      }
    }
  }
  return queued;
}
