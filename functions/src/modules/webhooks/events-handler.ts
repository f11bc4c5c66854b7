import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createDelivery, listWebhooks, type WebhookRecord } from '#data/webhooks';
import { webhookDeliveryId, webhookEventId, webhookEventsOf } from '#domain/webhook-rules';
import { changeFromRecord } from '#live/stream-changes';
import { webhookPayload } from './payload.ts';
import { enqueueAttempt } from './queue-message.ts';

const sourceEntities = new Set(['ticket', 'message']);

/**
 * Stream consumer: turns ticket and message changes into deliveries for the webhooks of the
 * company that owns them (the item's own companyId: a company only ever hears its own entities).
 * Each delivery's id derives from the stream record, so a batch delivered again creates nothing
 * twice; its first attempt is queued (a repeated queue message is fenced by the attempt claim).
 * The company's webhooks are read once per batch, so a new webhook hears the next change.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  try {
    await dispatchWebhookEvents(event.Records);
    return { batchItemFailures: [] };
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', message: 'webhook dispatch failed', error: String(error) }),
    );
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
};

/** Answers how many deliveries it queued (the bench counts them). */
export async function dispatchWebhookEvents(records: DynamoDBRecord[]): Promise<number> {
  const webhooksOf = new Map<number, Promise<WebhookRecord[]>>();
  let queued = 0;
  for (const record of records) {
    const change = changeFromRecord(record);
    if (!change || !sourceEntities.has(change.entity)) continue;
    const events = webhookEventsOf(change);
    const item = change.newItem;
    if (events.length === 0 || !item) continue;
    const companyId = Number(item.companyId);
    if (!Number.isInteger(companyId) || companyId <= 0) continue;
    if (!webhooksOf.has(companyId)) webhooksOf.set(companyId, listWebhooks(companyId));
    const webhooks = (await webhooksOf.get(companyId)!).filter((webhook) => webhook.enabled !== false);
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
