/**
 * The local stream reader (stream-reader.ts) against a stream stand-in: one poll for every
 * consumer, each consumer on its own lane (in order, exactly once, its own checkpoint), and a slow
 * consumer never holding back another. Counts and orders, not timings.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
} from '@aws-sdk/client-dynamodb-streams';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FunctionInvoker } from '../src/invoke.ts';
import type { Logger } from '../src/log.ts';
import type { StreamConsumer } from '../src/runtime-manifest.ts';
import { startStreamReader, type StreamReader } from '../src/stream-reader.ts';
import type { FilterPattern } from '../src/lambda-filter.ts';
import { streamConsumerFilterPatterns } from '../../../functions/src/live/stream-filter.ts';
import type { RecordsPage, WireStreamRecord } from '../src/stream-records.ts';

const streamArn = 'arn:aws:dynamodb:us-east-1:000000000000:table/atende/stream/1';
const sequenceOf = (index: number) => String(index + 1).padStart(21, '0');

/** One open shard whose records the test appends; counts the reads. */
class StreamStandIn {
  readonly records: WireStreamRecord[] = [];
  getRecords = 0;

  write(sk: string, entity?: string): void {
    this.records.push({
      eventID: sk,
      eventName: 'INSERT',
      dynamodb: {
        Keys: { pk: { S: 'T#1' }, sk: { S: sk } },
        NewImage: { pk: { S: 'T#1' }, sk: { S: sk }, ...(entity ? { __edb_e__: { S: entity } } : {}) },
        SequenceNumber: sequenceOf(this.records.length),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  }

  readonly client = {
    send: async (command: unknown) => {
      if (command instanceof DescribeStreamCommand) return { StreamDescription: { Shards: [{ ShardId: 'shard-1' }] } };
      if (command instanceof GetShardIteratorCommand) {
        const { ShardIteratorType, SequenceNumber } = command.input;
        const from = ShardIteratorType === 'AFTER_SEQUENCE_NUMBER' ? Number(SequenceNumber) : 0;
        return { ShardIterator: `shard-1:${from}` };
      }
      if (command instanceof GetRecordsCommand) {
        this.getRecords += 1;
        const from = Number(command.input.ShardIterator!.split(':')[1]);
        const page = this.records.slice(from, from + (command.input.Limit ?? 1000));
        return { Records: page, NextShardIterator: `shard-1:${from + page.length}` };
      }
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as DynamoDBStreamsClient;
}

const dynamo = {
  send: async (command: unknown) => {
    if (command instanceof DescribeTableCommand) return { Table: { LatestStreamArn: streamArn } };
    throw new Error('unexpected table call');
  },
} as unknown as DynamoDBClient;

type Batch = { consumer: string; keys: string[] };

/** Records each consumer's batches; a consumer can be held (its invocations wait) and released. */
function consumersInvoker() {
  const batches: Batch[] = [];
  const held = new Map<string, Promise<void>>();
  const releases = new Map<string, () => void>();
  const failOnce = new Set<string>();
  const invoker = {
    invoke: async (name: string, event: { Records: { dynamodb: { Keys: { sk: { S: string } }; SequenceNumber: string } }[] }) => {
      await held.get(name);
      const keys = event.Records.map((record) => record.dynamodb.Keys.sk.S);
      const failing = event.Records.find((record) => failOnce.delete(`${name}:${record.dynamodb.Keys.sk.S}`));
      if (failing) {
        // Reports the failed record: the batch is handed again from it.
        const index = event.Records.indexOf(failing);
        batches.push({ consumer: name, keys: keys.slice(0, index) });
        return { batchItemFailures: [{ itemIdentifier: failing.dynamodb.SequenceNumber }] };
      }
      batches.push({ consumer: name, keys });
      return { batchItemFailures: [] };
    },
  } as unknown as FunctionInvoker;
  return {
    invoker,
    batches,
    failOnce,
    keysOf: (name: string) => batches.filter((batch) => batch.consumer === name).flatMap((batch) => batch.keys),
    hold(name: string) {
      held.set(name, new Promise((resolve) => releases.set(name, resolve)));
    },
    release(name: string) {
      held.delete(name);
      releases.get(name)?.();
    },
  };
}

const consumers: StreamConsumer[] = [
  { name: 'broadcaster', entry: 'b.ts', batchSize: 100 },
  { name: 'aggregator', entry: 'a.ts', batchSize: 100 },
  { name: 'webhooks', entry: 'w.ts', batchSize: 2 },
];
const quietLog: Logger = { info: () => {}, warn: () => {}, error: () => {} };

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not reached: ${what}`);
}

describe('the stream reader', () => {
  let directory: string;
  let reader: StreamReader | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'stream-reader-'));
  });
  afterEach(async () => {
    await reader?.stop();
    reader = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  const start = (stream: StreamStandIn, invoker: FunctionInvoker, list = consumers, filterPatterns?: FilterPattern[]) =>
    startStreamReader({
      dynamo,
      streams: stream.client,
      readRecords: (ShardIterator, Limit) => stream.client.send(new GetRecordsCommand({ ShardIterator, Limit })) as Promise<RecordsPage>,
      tableName: 'atende',
      consumers: list,
      invoker,
      checkpointFileOf: (consumer) => join(directory, `${consumer.name}.json`),
      region: 'us-east-1',
      log: quietLog,
      ...(filterPatterns ? { filterPatterns } : {}),
    });

  it('reads each page once for every consumer, and each consumer gets every record once, in order', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    reader = await start(stream, calls.invoker);
    const written: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (let index = 0; index < 3; index += 1) {
        const key = `r${round}-${index}`;
        stream.write(key);
        written.push(key);
      }
      reader.wake();
      await until(() => calls.keysOf('broadcaster').length === written.length, 'the round delivered');
    }
    await until(() => consumers.every((consumer) => calls.keysOf(consumer.name).length === written.length), 'all delivered');
    for (const consumer of consumers) expect(calls.keysOf(consumer.name)).toEqual(written);
    // Batches keep each consumer's size.
    expect(calls.batches.filter((batch) => batch.consumer === 'webhooks').every((batch) => batch.keys.length <= 2)).toBe(true);
    // One reader for three consumers: at most one page with records per round and one empty poll
    // after it (a reader per consumer would read three times as often).
    expect(stream.getRecords).toBeLessThanOrEqual(2 * 20 + 2);
  });

  it('keeps a slow consumer from holding back the others, and hands it what piled up in one batch', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    reader = await start(stream, calls.invoker);
    calls.hold('aggregator');
    stream.write('first');
    reader.wake();
    await until(() => calls.keysOf('broadcaster').includes('first'), 'the first record to the broadcaster');
    for (const key of ['second', 'third', 'fourth']) {
      stream.write(key);
      reader.wake();
      await until(() => calls.keysOf('broadcaster').includes(key), `${key} to the broadcaster`);
    }
    // The aggregator is still on its first batch: nothing of it is done.
    expect(calls.keysOf('aggregator')).toEqual([]);
    calls.release('aggregator');
    await until(() => calls.keysOf('aggregator').length === 4, 'the aggregator caught up');
    const aggregatorBatches = calls.batches.filter((batch) => batch.consumer === 'aggregator').map((batch) => batch.keys);
    // What piled up while it was busy (three pages) came as one batch, in order.
    expect(aggregatorBatches).toEqual([['first'], ['second', 'third', 'fourth']]);
  });

  it('gathers the records of a windowed consumer into one batch while the others get each at once', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    const windowed: StreamConsumer[] = [
      { name: 'broadcaster', entry: 'b.ts', batchSize: 100 },
      // Long enough that the three writes below land inside it however busy the machine is.
      { name: 'outcomes', entry: 'o.ts', batchSize: 100, batchingWindowSeconds: 3 },
    ];
    reader = await start(stream, calls.invoker, windowed);
    for (const key of ['stored', 'marked', 'acked']) {
      stream.write(key);
      reader.wake();
      await until(() => calls.keysOf('broadcaster').includes(key), `${key} to the broadcaster`);
    }
    // The broadcaster had a batch per write; the windowed consumer nothing yet.
    expect(calls.batches.filter((batch) => batch.consumer === 'broadcaster')).toHaveLength(3);
    expect(calls.keysOf('outcomes')).toEqual([]);
    await until(() => calls.keysOf('outcomes').length === 3, 'the window to close');
    expect(calls.batches.filter((batch) => batch.consumer === 'outcomes').map((batch) => batch.keys)).toEqual([
      ['stored', 'marked', 'acked'],
    ]);
  });

  it('does not let records the filter dropped cut the window of records behind them short', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    const handedAt = new Map<string, number>();
    const timed = {
      invoke: async (name: string, event: { Records: { dynamodb: { Keys: { sk: { S: string } } } }[] }) => {
        const answer = await calls.invoker.invoke(name, event as never);
        for (const record of event.Records) handedAt.set(record.dynamodb.Keys.sk.S, Date.now());
        return answer;
      },
    } as unknown as FunctionInvoker;
    const windowMs = 1_000;
    reader = await start(
      stream,
      timed,
      [{ name: 'outcomes', entry: 'o.ts', batchSize: 100, batchingWindowSeconds: windowMs / 1000 }],
      streamConsumerFilterPatterns(),
    );
    // The first batch is held in the consumer while a page of only dropped records, then one
    // with a record, wait behind it.
    calls.hold('outcomes');
    stream.write('first', 'message');
    reader.wake();
    await until(() => stream.getRecords >= 1 && calls.batches.length === 0, 'the first page read');
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100));
    stream.write('token', 'ticketToken');
    reader.wake();
    const tokenRead = stream.getRecords;
    await until(() => stream.getRecords > tokenRead + 1, 'the token page read');
    const writtenAt = Date.now();
    stream.write('second', 'message');
    reader.wake();
    const secondRead = stream.getRecords;
    await until(() => stream.getRecords > secondRead + 1, 'the second page read');
    calls.release('outcomes');
    await until(() => calls.keysOf('outcomes').includes('second'), 'the second record');
    expect(calls.keysOf('outcomes')).toEqual(['first', 'second']);
    // However busy the machine, the second record waited out its own window.
    expect(handedAt.get('second')! - writtenAt).toBeGreaterThanOrEqual(windowMs - 50);
  });

  it('invokes a windowed consumer before its window ends once a whole batch waits', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    // A window no test waits out: only a full batch can bring the records.
    reader = await start(stream, calls.invoker, [{ name: 'outcomes', entry: 'o.ts', batchSize: 2, batchingWindowSeconds: 600 }]);
    stream.write('a');
    stream.write('b');
    reader.wake();
    await until(() => calls.keysOf('outcomes').length === 2, 'the full batch');
    expect(calls.batches.map((batch) => batch.keys)).toEqual([['a', 'b']]);
  });

  it('leaves what a windowed consumer was gathering at a stop for the next start', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    reader = await start(stream, calls.invoker, [{ name: 'outcomes', entry: 'o.ts', batchSize: 100, batchingWindowSeconds: 600 }]);
    stream.write('gathered');
    reader.wake();
    // The poll reads it (one GetRecords with a record), then the runtime stops within the window.
    await until(() => stream.getRecords >= 2, 'the record read');
    await reader.stop();
    reader = undefined;
    expect(calls.keysOf('outcomes')).toEqual([]);
    const restarted = consumersInvoker();
    reader = await start(stream, restarted.invoker, [{ name: 'outcomes', entry: 'o.ts', batchSize: 100 }]);
    reader.wake();
    await until(() => restarted.keysOf('outcomes').length === 1, 'the record after the restart');
    expect(restarted.keysOf('outcomes')).toEqual(['gathered']);
  });

  it('hands no consumer a record the filter drops, and moves every checkpoint past it', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    reader = await start(stream, calls.invoker, consumers, streamConsumerFilterPatterns());
    stream.write('message-1', 'message');
    stream.write('token-1', 'ticketToken');
    stream.write('counter-1');
    stream.write('message-2', 'message');
    reader.wake();
    await until(() => consumers.every((consumer) => calls.keysOf(consumer.name).length === 2), 'the messages to everyone');
    for (const consumer of consumers) expect(calls.keysOf(consumer.name)).toEqual(['message-1', 'message-2']);
    await reader.stop();
    reader = undefined;
    for (const consumer of consumers) {
      const saved = JSON.parse(await readFile(join(directory, `${consumer.name}.json`), 'utf8')) as { shards: Record<string, string> };
      expect(saved.shards['shard-1']).toBe(sequenceOf(3));
    }
  });

  it('hands a failed record again to its consumer alone, and resumes each consumer after its own checkpoint', async () => {
    const stream = new StreamStandIn();
    const calls = consumersInvoker();
    reader = await start(stream, calls.invoker);
    calls.failOnce.add('broadcaster:b');
    for (const key of ['a', 'b', 'c']) stream.write(key);
    reader.wake();
    await until(() => consumers.every((consumer) => calls.keysOf(consumer.name).length === 3), 'all three to everyone');
    expect(calls.keysOf('broadcaster')).toEqual(['a', 'b', 'c']);
    expect(calls.keysOf('aggregator')).toEqual(['a', 'b', 'c']);
    // The webhooks consumer stops behind: held on d, then the runtime stops.
    calls.hold('webhooks');
    stream.write('d');
    reader.wake();
    await until(() => calls.keysOf('broadcaster').includes('d') && calls.keysOf('aggregator').includes('d'), 'd to the others');
    const stopping = reader.stop();
    calls.release('webhooks');
    await stopping;
    reader = undefined;
    const checkpoint = async (name: string) =>
      (JSON.parse(await readFile(join(directory, `${name}.json`), 'utf8')) as { shards: Record<string, string> }).shards['shard-1'];
    expect(await checkpoint('broadcaster')).toBe(sequenceOf(3));
    // The batch in hand at the stop was finished, so webhooks got d too and checkpointed it; take
    // it back one record to stand for a consumer that stopped behind the others.
    const restarted = consumersInvoker();
    stream.write('e');
    await writeFile(
      join(directory, 'webhooks.json'),
      JSON.stringify({ streamArn, shards: { 'shard-1': sequenceOf(2) }, finished: [] }),
    );
    reader = await start(stream, restarted.invoker);
    reader.wake();
    await until(() => restarted.keysOf('webhooks').includes('e') && restarted.keysOf('broadcaster').includes('e'), 'e to all');
    // Each from its own position: nothing handled twice, nothing lost.
    expect(restarted.keysOf('broadcaster')).toEqual(['e']);
    expect(restarted.keysOf('aggregator')).toEqual(['e']);
    expect(restarted.keysOf('webhooks')).toEqual(['d', 'e']);
  });
});
