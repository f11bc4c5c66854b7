/**
 * A message of a local queue, how it is picked for delivery and how it is shown to its consumer
 * as an SQS event record. Pure code: the adapter around it (local-queue.ts) keeps the messages
 * in the table and calls the consumer.
 */
import { createHash } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';

export interface QueuedMessage {
  /** Time-ordered, unique: the item's sort key and, on FIFO queues, the SQS SequenceNumber. */
  sequence: string;
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  sentAtMs: number;
  visibleAtMs: number;
  receiveCount: number;
  firstReceivedAtMs?: number;
}

export interface SelectionState {
  fifo: boolean;
  batchSize: number;
  nowMs: number;
  /** messageIds being delivered right now. */
  inFlight: Set<string>;
  /** FIFO groups with a batch being delivered right now. */
  busyGroups: Set<string>;
}

/**
 * Batches of one queue handled at the same time. A FIFO queue never runs two of one group, and
 * Lambda's event source scales a FIFO queue with its active message groups (no maximum
 * concurrency is set in infra/), so a slow chat (a new customer's first message) must not hold a
 * slot other chats wait for: up to 64 groups side by side. A standard queue keeps 8, and so does
 * a service's queue (its consumer has no bundle entry: the connector, which polls with a few
 * pollers of its own in AWS).
 */
export function batchesAtOnce(queue: { fifo: boolean; consumer: { entry: string } }): number {
  const servedByService = queue.consumer.entry === '';
  return queue.fifo && !servedByService ? 64 : 8;
}

/**
 * The next batch to deliver from `messages` (in sequence order), or an empty one. Standard
 * queues: any visible messages not in flight. FIFO queues: messages of one group only, from its
 * oldest on, and never while that group has a batch in flight or its oldest message is still
 * invisible (waiting for a retry), so a group's messages are handled strictly in order.
 */
export function selectBatch(messages: QueuedMessage[], state: SelectionState): QueuedMessage[] {
  const batch: QueuedMessage[] = [];
  if (!state.fifo) {
    for (const message of messages) {
      if (message.visibleAtMs <= state.nowMs && !state.inFlight.has(message.messageId)) {
        batch.push(message);
        if (batch.length === state.batchSize) break;
      }
    }
    return batch;
  }
  const seenGroups = new Set<string>();
  let chosenGroup: string | undefined;
  for (const message of messages) {
    const group = message.groupId ?? '';
    if (chosenGroup !== undefined) {
      if (group !== chosenGroup) continue;
      if (message.visibleAtMs > state.nowMs || state.inFlight.has(message.messageId)) break;
      batch.push(message);
      if (batch.length === state.batchSize) break;
      continue;
    }
    if (seenGroups.has(group)) continue;
    seenGroups.add(group);
    if (
      state.busyGroups.has(group) ||
      message.visibleAtMs > state.nowMs ||
      state.inFlight.has(message.messageId)
    )
      continue;
    chosenGroup = group;
    batch.push(message);
    if (batch.length === state.batchSize) break;
  }
  return batch;
}

/** When the earliest message not yet visible becomes visible; undefined when none waits. */
export function nextVisibleAt(messages: QueuedMessage[], nowMs: number): number | undefined {
  let earliest: number | undefined;
  for (const message of messages) {
    if (message.visibleAtMs > nowMs && (earliest === undefined || message.visibleAtMs < earliest)) {
      earliest = message.visibleAtMs;
    }
  }
  return earliest;
}

export function toSqsRecord(
  message: QueuedMessage,
  queue: { arn: string; region: string; fifo: boolean },
): SQSRecord {
  return {
    messageId: message.messageId,
    receiptHandle: `${message.messageId}#${message.receiveCount}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAtMs),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(message.firstReceivedAtMs ?? message.sentAtMs),
      ...(queue.fifo
        ? {
            MessageGroupId: message.groupId,
            MessageDeduplicationId: message.deduplicationId,
            SequenceNumber: message.sequence,
          }
        : {}),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(message.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: queue.region,
  };
}

/**
 * The messageIds a consumer reports failed. A thrown error, or an identifier that names no
 * message of the batch, fails the whole batch, as with Lambda's SQS event source mapping.
 */
export function failedMessageIds(batch: QueuedMessage[], response: unknown): Set<string> {
  const failures = (response as { batchItemFailures?: unknown } | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures)) return new Set();
  const ids = new Set(batch.map((message) => message.messageId));
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !ids.has(id)) return ids;
    failed.add(id);
  }
  return failed;
}

/** SQS's FIFO deduplication window. */
export const deduplicationWindowMs = 5 * 60 * 1000;

/** The deduplication id SQS uses when content-based deduplication is on: SHA-256 of the body. */
export function contentDeduplicationId(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Strictly increasing across calls and restarts: microseconds since the epoch, bumped on ties. */
export function sequenceGenerator(): () => string {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Date.now() * 1000);
    return String(last).padStart(20, '0');
  };
}
