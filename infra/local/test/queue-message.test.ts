import { describe, expect, it } from 'vitest';
import {
  batchesAtOnce,
  contentDeduplicationId,
  failedMessageIds,
  nextVisibleAt,
  selectBatch,
  sequenceGenerator,
  toSqsRecord,
  type QueuedMessage,
} from '../src/queue-message.ts';

let counter = 0;
function message(overrides: Partial<QueuedMessage> = {}): QueuedMessage {
  counter++;
  return {
    sequence: String(counter).padStart(20, '0'),
    messageId: `m${counter}`,
    body: `body ${counter}`,
    sentAtMs: 1000,
    visibleAtMs: 1000,
    receiveCount: 0,
    ...overrides,
  };
}

const idle = { inFlight: new Set<string>(), busyGroups: new Set<string>() };

describe('selectBatch on a standard queue', () => {
  it('takes visible messages not in flight, oldest first, up to the batch size', () => {
    const messages = [message(), message({ visibleAtMs: 5000 }), message(), message()];
    const batch = selectBatch(messages, { fifo: false, batchSize: 2, nowMs: 2000, ...idle });
    expect(batch.map((m) => m.messageId)).toEqual([messages[0]!.messageId, messages[2]!.messageId]);
    const next = selectBatch(messages, {
      fifo: false,
      batchSize: 10,
      nowMs: 2000,
      inFlight: new Set(batch.map((m) => m.messageId)),
      busyGroups: new Set(),
    });
    expect(next.map((m) => m.messageId)).toEqual([messages[3]!.messageId]);
  });
});

describe('selectBatch on a FIFO queue', () => {
  it('takes one group at a time, in order', () => {
    const a1 = message({ groupId: 'a' });
    const b1 = message({ groupId: 'b' });
    const a2 = message({ groupId: 'a' });
    const batch = selectBatch([a1, b1, a2], { fifo: true, batchSize: 10, nowMs: 2000, ...idle });
    expect(batch).toEqual([a1, a2]);
  });

  it('skips a group with a batch in flight and serves the next group', () => {
    const a1 = message({ groupId: 'a' });
    const a2 = message({ groupId: 'a' });
    const b1 = message({ groupId: 'b' });
    const batch = selectBatch([a1, a2, b1], {
      fifo: true,
      batchSize: 10,
      nowMs: 2000,
      inFlight: new Set([a1.messageId]),
      busyGroups: new Set(['a']),
    });
    expect(batch).toEqual([b1]);
  });

  it('holds a whole group while its oldest message waits for a retry', () => {
    const a1 = message({ groupId: 'a', visibleAtMs: 9000, receiveCount: 1 });
    const a2 = message({ groupId: 'a' });
    expect(selectBatch([a1, a2], { fifo: true, batchSize: 10, nowMs: 2000, ...idle })).toEqual([]);
    expect(nextVisibleAt([a1, a2], 2000)).toBe(9000);
    expect(selectBatch([a1, a2], { fifo: true, batchSize: 10, nowMs: 9000, ...idle })).toEqual([a1, a2]);
  });

  it('stops a batch at the batch size', () => {
    const group = [message({ groupId: 'g' }), message({ groupId: 'g' }), message({ groupId: 'g' })];
    expect(selectBatch(group, { fifo: true, batchSize: 2, nowMs: 2000, ...idle })).toEqual(group.slice(0, 2));
  });
});

describe('failedMessageIds', () => {
  const batch = [message(), message()];

  it('is empty when the consumer reports no failures', () => {
    expect(failedMessageIds(batch, undefined).size).toBe(0);
    expect(failedMessageIds(batch, { batchItemFailures: [] }).size).toBe(0);
  });

  it('lists the reported messages', () => {
    expect([
      ...failedMessageIds(batch, { batchItemFailures: [{ itemIdentifier: batch[1]!.messageId }] }),
    ]).toEqual([batch[1]!.messageId]);
  });

  it('fails the whole batch for an identifier that names no message', () => {
    expect(failedMessageIds(batch, { batchItemFailures: [{ itemIdentifier: 'nope' }] }).size).toBe(2);
  });
});

describe('toSqsRecord', () => {
  it('shapes a FIFO message like SQS does', () => {
    const fifo = message({ groupId: 'g', deduplicationId: 'd', receiveCount: 2, body: 'hello' });
    const record = toSqsRecord(fifo, {
      arn: 'arn:aws:sqs:us-east-1:000000000000:q.fifo',
      region: 'us-east-1',
      fifo: true,
    });
    expect(record).toMatchObject({
      messageId: fifo.messageId,
      body: 'hello',
      md5OfBody: '5d41402abc4b2a76b9719d911017c592',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q.fifo',
      awsRegion: 'us-east-1',
      messageAttributes: {},
      attributes: {
        ApproximateReceiveCount: '2',
        SentTimestamp: '1000',
        MessageGroupId: 'g',
        MessageDeduplicationId: 'd',
        SequenceNumber: fifo.sequence,
      },
    });
  });
});

describe('sequenceGenerator and deduplication ids', () => {
  it('gives strictly increasing, fixed-width sequences', () => {
    const next = sequenceGenerator();
    const sequences = Array.from({ length: 1000 }, next);
    expect(new Set(sequences).size).toBe(1000);
    expect([...sequences].sort()).toEqual(sequences);
    for (const sequence of sequences) expect(sequence).toHaveLength(20);
  });

  it('derives content-based deduplication ids from the body', () => {
    expect(contentDeduplicationId('a')).toBe(contentDeduplicationId('a'));
    expect(contentDeduplicationId('a')).not.toBe(contentDeduplicationId('b'));
  });
});

describe('batchesAtOnce', () => {
  it("lets a function's FIFO queue run many chats side by side, as Lambda scales with its groups", () => {
    expect(batchesAtOnce({ fifo: true, consumer: { entry: 'src/modules/ingest/handler.ts' } })).toBe(64);
  });

  it("keeps 8 for a standard queue and for a service's queue (the connector polls on its own)", () => {
    expect(batchesAtOnce({ fifo: false, consumer: { entry: 'src/modules/timers/handler.ts' } })).toBe(8);
    expect(batchesAtOnce({ fifo: true, consumer: { entry: '' } })).toBe(8);
  });
});
