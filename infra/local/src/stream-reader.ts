/**
 * Reads the table's stream in DynamoDB Local and feeds the manifest's stream consumers, as
 * Lambda's event source mapping does in AWS: shards in parent-before-child order, batches of
 * up to each consumer's batchSize, `batchItemFailures` retried from the first failed record, a
 * batch that throws retried in halves, three retries before the rest of it is logged and
 * skipped (where AWS would hand it to the on-failure destination), and the position
 * checkpointed to disk after each handled batch so a restart resumes where it stopped.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  TrimmedDataAccessException,
  type DynamoDBStreamsClient,
  type Shard,
  type _Record as SdkStreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { traceForBench } from './bench-hook.ts';
import type { FunctionInvoker } from './invoke.ts';
import type { Logger } from './log.ts';
import type { StreamConsumer } from './runtime-manifest.ts';
import { StreamCheckpoints } from './stream-checkpoints.ts';
import { isProductChange, succeededCount, toLambdaRecord } from './stream-event.ts';

/**
 * Pause between polls of an idle stream. A function's write wakes the reader at once (`wake`,
 * called by the runtime when an invocation ends), so this only bounds how late a write made
 * outside an invocation (a test writing to the table itself) is seen. Each empty poll costs
 * ~2 ms of CPU on each side: at 250 ms the three readers of an idle runtime make 12 polls a
 * second instead of 75.
 */
const idlePollMs = 250;
const shardRefreshMs = 5_000;
const maxRetries = 3;
const retryDelayMs = 100;

export interface StreamReader {
  /** Finishes the batch in hand, then writes the checkpoints. */
  stop(): Promise<void>;
  /**
   * Something may have been written: poll now (or right after the poll in hand) instead of
   * sleeping out the idle pause. Wakes coalesce: many while polling make one more poll.
   */
  wake(): void;
}

class StopRequested extends Error {}

interface ShardCursor {
  shardId: string;
  parentShardId: string | undefined;
  iterator: string | undefined;
}

export async function startStreamReader(options: {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  consumers: StreamConsumer[];
  invoker: FunctionInvoker;
  checkpointFile: string;
  region: string;
  log: Logger;
}): Promise<StreamReader> {
  const { dynamo, streams, consumers, invoker, log } = options;
  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  const latestStreamArn = table.Table?.LatestStreamArn;
  if (!latestStreamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const streamArn: string = latestStreamArn;
  const checkpoints = await StreamCheckpoints.load(options.checkpointFile, streamArn);
  const cursors = new Map<string, ShardCursor>();
  let lastRefresh = 0;
  let running = true;
  let wakeSleeper: (() => void) | undefined;
  /** A wake came while polling: the next idle pause is skipped. */
  let wokenWhilePolling = false;
  let idle: (() => void) | undefined;

  async function refreshShards(): Promise<void> {
    const listed: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const page = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      listed.push(...(page.StreamDescription?.Shards ?? []));
      exclusiveStartShardId = page.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    const listedIds = new Set(listed.map((shard) => shard.ShardId!));
    checkpoints.retainFinished(listedIds);
    for (const shard of listed) {
      const shardId = shard.ShardId!;
      if (!cursors.has(shardId) && !checkpoints.isFinished(shardId)) {
        cursors.set(shardId, { shardId, parentShardId: shard.ParentShardId, iterator: undefined });
      }
    }
    for (const shardId of cursors.keys()) if (!listedIds.has(shardId)) cursors.delete(shardId);
    lastRefresh = Date.now();
  }

  /** A child shard waits until its parent has been read to the end. */
  function readable(cursor: ShardCursor): boolean {
    return cursor.parentShardId === undefined || !cursors.has(cursor.parentShardId);
  }

  async function iteratorFor(cursor: ShardCursor): Promise<string | undefined> {
    const after = checkpoints.sequenceNumber(cursor.shardId);
    const response = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: cursor.shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return response.ShardIterator;
  }

  /** Reads one page of a shard and hands it to the consumers; true when it held records. */
  async function pollShard(cursor: ShardCursor): Promise<boolean> {
    try {
      cursor.iterator ??= await iteratorFor(cursor);
      if (!cursor.iterator) return finishShard(cursor);
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: 1000 }));
      const records = page.Records ?? [];
      if (records.length > 0) {
        traceForBench(`read:${consumers.map((consumer) => consumer.name).join('+')}`, records);
        await deliver(records);
        checkpoints.advance(cursor.shardId, records.at(-1)!.dynamodb!.SequenceNumber!);
      }
      cursor.iterator = page.NextShardIterator;
      if (!cursor.iterator) finishShard(cursor);
      return records.length > 0;
    } catch (error) {
      if (error instanceof ExpiredIteratorException) {
        cursor.iterator = undefined;
      } else if (error instanceof TrimmedDataAccessException) {
        // The checkpoint is older than the stream's 24 hours: go on from the oldest record left.
        log.warn(`stream reader: records of ${cursor.shardId} were trimmed before they were read`);
        checkpoints.forget(cursor.shardId);
        cursor.iterator = undefined;
      } else if (error instanceof ResourceNotFoundException) {
        cursors.delete(cursor.shardId);
      } else if (running && !(error instanceof StopRequested)) {
        log.error(`stream reader: reading ${cursor.shardId} failed`, error);
      }
      return false;
    }
  }

  function finishShard(cursor: ShardCursor): false {
    cursors.delete(cursor.shardId);
    checkpoints.finish(cursor.shardId);
    lastRefresh = 0;
    return false;
  }

  async function deliver(records: SdkStreamRecord[]): Promise<void> {
    const events = records
      .filter(isProductChange)
      .map((record) => toLambdaRecord(record, { region: options.region, streamArn }));
    if (events.length === 0) return;
    await Promise.all(consumers.map((consumer) => deliverTo(consumer, events)));
  }

  async function deliverTo(consumer: StreamConsumer, events: DynamoDBRecord[]): Promise<void> {
    let next = 0;
    let failedAttempts = 0;
    // The stack sets bisectBatchOnError: a batch that throws is retried in halves (and those in
    // halves again), which narrows a poison record down before the retries run out.
    let batchSize = consumer.batchSize;
    let bisectedUntil = 0;
    while (next < events.length) {
      const end =
        next < bisectedUntil ? Math.min(next + batchSize, bisectedUntil) : next + consumer.batchSize;
      const batch = events.slice(next, end);
      let handled = 0;
      let threw = false;
      try {
        handled = succeededCount(batch, await invoker.invoke(consumer.name, { Records: batch }));
      } catch (error) {
        threw = true;
        log.error(`${consumer.name}: stream batch failed`, error);
      }
      next += handled;
      if (handled === batch.length) {
        failedAttempts = 0;
        continue;
      }
      // Records not yet handled at shutdown stay unacknowledged and are read again on the next start.
      if (!running) throw new StopRequested();
      if (threw && batch.length > 1) {
        batchSize = Math.ceil(batch.length / 2);
        bisectedUntil = next + batch.length;
      }
      failedAttempts++;
      if (failedAttempts > maxRetries) {
        const skipped = batch.slice(handled, threw && batch.length > 1 ? handled + batchSize : undefined);
        log.error(
          `${consumer.name}: giving up on ${skipped.length} stream record(s) after ${maxRetries} retries ` +
            `(sequence numbers ${skipped[0]?.dynamodb?.SequenceNumber}..${skipped.at(-1)?.dynamodb?.SequenceNumber})`,
        );
        next += skipped.length;
        failedAttempts = 0;
        continue;
      }
      await sleep(retryDelayMs * failedAttempts);
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      const timer = setTimeout(wake, ms);
      wakeSleeper = () => {
        clearTimeout(timer);
        wake();
      };
    });
  }

  /** The idle pause, cut short by a wake (one that came during the poll skips it). */
  function idlePause(): Promise<void> {
    if (wokenWhilePolling) {
      wokenWhilePolling = false;
      return Promise.resolve();
    }
    return new Promise((wake) => {
      const timer = setTimeout(done, idlePollMs);
      function done() {
        clearTimeout(timer);
        idle = undefined;
        wake();
      }
      idle = done;
      wakeSleeper = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        if (Date.now() - lastRefresh > shardRefreshMs) await refreshShards();
        const active = [...cursors.values()].filter(readable);
        wokenWhilePolling = false;
        const busy = await Promise.all(active.map(pollShard));
        if (!busy.includes(true) && running) await idlePause();
      } catch (error) {
        if (running) log.error('stream reader: polling failed', error);
        if (running) await sleep(1000);
      }
    }
  }

  await refreshShards();
  const loop = run();
  return {
    async stop() {
      running = false;
      wakeSleeper?.();
      await loop;
      await checkpoints.flush();
    },
    wake() {
      if (idle) idle();
      else wokenWhilePolling = true;
    },
  };
}
