/**
 * Reads the table's stream in DynamoDB Local and feeds the manifest's stream consumers, as
 * Lambda's event source mappings do in AWS: shards in parent-before-child order, batches of up
 * to each consumer's batchSize, `batchItemFailures` retried from the first failed record, a
 * batch that throws retried in halves, three retries before the rest of it is logged and skipped
 * (where AWS would hand it to the on-failure destination), and each consumer's position
 * checkpointed to disk after each handled batch so a restart resumes where it stopped.
 *
 * One poll for every consumer (issue #26): a single loop reads each shard once and hands each
 * page to every consumer's lane. Each lane delivers its pages in order, one batch at a time, and
 * keeps its own checkpoint, so a slow consumer (the dashboard aggregator) never holds back
 * another (the live broadcaster), as each event source mapping is its own in AWS; only a lane
 * `maxLaneBacklog` records behind makes the poll wait for it, which bounds the memory. The poll
 * sleeps while the stream is idle and is woken when a write lands (`wake`: a function's thread
 * saw a write to the table answered, or an invocation ended), so a change waits neither for a
 * pause nor for the rest of the invocation that wrote it.
 *
 * Records that match none of the consumers' filter patterns (`filterPatterns`, Lambda's event
 * filtering) reach no consumer. A consumer with a batching window (`batchingWindowSeconds`, Lambda's
 * MaximumBatchingWindowInSeconds) is invoked once its first waiting record has waited that long,
 * or sooner once a whole batch is waiting; the others at once.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { traceForBench } from './bench-hook.ts';
import type { FunctionInvoker } from './invoke.ts';
import { matchesAnyPattern, type FilterPattern } from './lambda-filter.ts';
import type { Logger } from './log.ts';
import type { StreamConsumer } from './runtime-manifest.ts';
import { StreamCheckpoints } from './stream-checkpoints.ts';
import { isProductChange, succeededCount, toLambdaRecord } from './stream-event.ts';
import type { ReadRecords } from './stream-records.ts';

/**
 * Pause between polls of an idle stream. A write wakes the poll at once (`wake`), so this only
 * bounds how late a write made outside the functions (a test writing to the table itself) is
 * seen. Each empty poll costs ~2 ms of CPU on each side.
 */
const idlePollMs = 250;
const shardRefreshMs = 5_000;
const maxRetries = 3;
const retryDelayMs = 100;
/** Records a lane may hold undelivered before the poll waits for it (a few MB). */
const defaultMaxLaneBacklog = 10_000;

export interface StreamReader {
  /** Finishes the batches in hand, then writes the checkpoints. */
  stop(): Promise<void>;
  /**
   * Something may have been written: poll now (or right after the poll in hand) instead of
   * sleeping out the idle pause. Wakes coalesce: many while polling make one more poll.
   */
  wake(): void;
  /** Each consumer's lane now: records waiting for it, and the batch in hand (for failure reports). */
  describe(): StreamLaneState[];
}

export interface StreamLaneState {
  consumer: string;
  backlog: number;
  /** How long the records in hand have been with the consumer, if any. */
  inHandForMs: number | undefined;
}

class StopRequested extends Error {}

interface ShardCursor {
  shardId: string;
  parentShardId: string | undefined;
  iterator: string | undefined;
  /** The last sequence number the poll read from this shard (where a new iterator starts). */
  position: string | undefined;
}

/** What the poll hands a lane: one page of a shard (its records for this consumer), or the shard's end. */
interface LanePage {
  shardId: string;
  events: DynamoDBRecord[];
  /** The page's last sequence number, records of runtime items included: the lane's checkpoint after it. */
  lastSequence: string | undefined;
  /** The shard was read to its end after this page. */
  finishes: boolean;
  /** When the poll handed it over (the batching window runs from the first waiting page's). */
  handedAtMs: number;
}

interface Lane {
  consumer: StreamConsumer;
  checkpoints: StreamCheckpoints;
  pages: LanePage[];
  /** Records waiting in `pages`. */
  backlog: number;
  /** Resolves the lane's wait for a page. */
  notify: (() => void) | undefined;
  /** Ends when the lane has stopped (the batch in hand finished). */
  done: Promise<void>;
  /** When the page in hand was taken (undefined while the lane waits for one). */
  inHandSinceMs: number | undefined;
}

const sequence = (value: string) => BigInt(value);

export async function startStreamReader(options: {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  /** GetRecords, answering the records in their wire form (stream-records.ts). */
  readRecords: ReadRecords;
  tableName: string;
  consumers: StreamConsumer[];
  invoker: FunctionInvoker;
  /** Each consumer's checkpoint file. */
  checkpointFileOf: (consumer: StreamConsumer, index: number) => string;
  region: string;
  log: Logger;
  /** Records one consumer may have waiting before the poll waits for it. */
  maxLaneBacklog?: number;
  /**
   * The consumers' event filter patterns (Lambda's FilterCriteria, the same for every mapping): a
   * record matching none reaches no consumer, though each lane's checkpoint still moves past it.
   */
  filterPatterns?: readonly FilterPattern[];
}): Promise<StreamReader> {
  const { dynamo, streams, readRecords, consumers, invoker, log } = options;
  const maxLaneBacklog = options.maxLaneBacklog ?? defaultMaxLaneBacklog;
  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  const latestStreamArn = table.Table?.LatestStreamArn;
  if (!latestStreamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const streamArn: string = latestStreamArn;
  const readPoint = `read:${consumers.map((consumer) => consumer.name).join('+')}`;
  const cursors = new Map<string, ShardCursor>();
  let lastRefresh = 0;
  let running = true;
  let wakePoll: (() => void) | undefined;
  /** A wake came while polling: the next idle pause is skipped. */
  let wokenWhilePolling = false;
  let idle: (() => void) | undefined;
  /** Resolves the poll's wait for a lane to work its backlog down. */
  let relieved: (() => void) | undefined;

  const lanes: Lane[] = await Promise.all(
    consumers.map(async (consumer, index) => ({
      consumer,
      checkpoints: await StreamCheckpoints.load(options.checkpointFileOf(consumer, index), streamArn),
      pages: [],
      backlog: 0,
      notify: undefined,
      done: Promise.resolve(),
      inHandSinceMs: undefined,
    })),
  );
  /**
   * Where each lane had got to in each shard when it started: the poll starts a shard at the
   * earliest of them and each lane skips what it had already handled. Later pages are new to all.
   */
  const startedAfter = new Map<Lane, Map<string, bigint>>();
  for (const lane of lanes) startedAfter.set(lane, new Map());

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
    for (const lane of lanes) lane.checkpoints.retainFinished(listedIds);
    for (const shard of listed) {
      const shardId = shard.ShardId!;
      if (cursors.has(shardId)) continue;
      const reading = lanes.filter((lane) => !lane.checkpoints.isFinished(shardId));
      if (reading.length === 0) continue;
      // The earliest position of the lanes still reading it; one without a position reads it all.
      const positions = reading.map((lane) => lane.checkpoints.sequenceNumber(shardId));
      let position: string | undefined;
      if (positions.every((value): value is string => value !== undefined)) {
        position = positions.reduce((earliest, value) => (sequence(value) < sequence(earliest) ? value : earliest));
        for (const lane of reading) startedAfter.get(lane)!.set(shardId, sequence(lane.checkpoints.sequenceNumber(shardId)!));
      } else {
        for (const lane of reading) {
          const after = lane.checkpoints.sequenceNumber(shardId);
          if (after !== undefined) startedAfter.get(lane)!.set(shardId, sequence(after));
        }
      }
      cursors.set(shardId, { shardId, parentShardId: shard.ParentShardId, iterator: undefined, position });
    }
    for (const shardId of cursors.keys()) if (!listedIds.has(shardId)) cursors.delete(shardId);
    lastRefresh = Date.now();
  }

  /** A child shard waits until its parent has been read to the end. */
  function readable(cursor: ShardCursor): boolean {
    return cursor.parentShardId === undefined || !cursors.has(cursor.parentShardId);
  }

  async function iteratorFor(cursor: ShardCursor): Promise<string | undefined> {
    const response = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: cursor.shardId,
        ...(cursor.position
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: cursor.position }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return response.ShardIterator;
  }

  /** Reads one page of a shard and hands it to the lanes; true when it held records. */
  async function pollShard(cursor: ShardCursor): Promise<boolean> {
    try {
      cursor.iterator ??= await iteratorFor(cursor);
      if (!cursor.iterator) {
        finishShard(cursor);
        return false;
      }
      const page = await readRecords(cursor.iterator, 1000);
      const records = page.Records ?? [];
      cursor.iterator = page.NextShardIterator;
      if (records.length > 0) {
        traceForBench(readPoint, records);
        const lastSequence = records.at(-1)!.dynamodb!.SequenceNumber!;
        cursor.position = lastSequence;
        const events = records
          .filter(isProductChange)
          .map((record) => toLambdaRecord(record, { region: options.region, streamArn }))
          .filter((event) => !options.filterPatterns || matchesAnyPattern(event, options.filterPatterns));
        for (const lane of lanes) {
          if (lane.checkpoints.isFinished(cursor.shardId)) continue;
          const after = startedAfter.get(lane)!.get(cursor.shardId);
          const own =
            after === undefined ? events : events.filter((event) => sequence(event.dynamodb!.SequenceNumber!) > after);
          if (after !== undefined && sequence(lastSequence) <= after) continue;
          hand(lane, { shardId: cursor.shardId, events: own, lastSequence, finishes: false, handedAtMs: Date.now() });
        }
      }
      if (!cursor.iterator) finishShard(cursor);
      return records.length > 0;
    } catch (error) {
      // By name: the SDK's exceptions (the iterator calls) and the records reader's errors alike.
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'ExpiredIteratorException') {
        cursor.iterator = undefined;
      } else if (name === 'TrimmedDataAccessException') {
        // A position older than the stream's 24 hours: go on from the oldest record left.
        log.warn(`stream reader: records of ${cursor.shardId} were trimmed before they were read`);
        for (const lane of lanes) {
          lane.checkpoints.forget(cursor.shardId);
          startedAfter.get(lane)!.delete(cursor.shardId);
        }
        cursor.position = undefined;
        cursor.iterator = undefined;
      } else if (name === 'ResourceNotFoundException') {
        cursors.delete(cursor.shardId);
      } else if (running) {
        log.error(`stream reader: reading ${cursor.shardId} failed`, error);
      }
      return false;
    }
  }

  function finishShard(cursor: ShardCursor): void {
    cursors.delete(cursor.shardId);
    for (const lane of lanes) {
      if (lane.checkpoints.isFinished(cursor.shardId)) continue;
      hand(lane, { shardId: cursor.shardId, events: [], lastSequence: undefined, finishes: true, handedAtMs: Date.now() });
    }
    lastRefresh = 0;
  }

  function hand(lane: Lane, page: LanePage): void {
    lane.pages.push(page);
    lane.backlog += page.events.length;
    lane.notify?.();
  }

  /**
   * A lane: its pages delivered one after another, its checkpoint after each. Pages of one shard
   * that piled up while the consumer was busy go together, as one GetRecords would have
   * returned them to a reader of its own (fewer invocations; for the broadcaster, one post per
   * socket for all of them).
   */
  async function runLane(lane: Lane): Promise<void> {
    const windowMs = (lane.consumer.batchingWindowSeconds ?? 0) * 1000;
    while (running) {
      if (windowMs > 0) await gatherWindow(lane, windowMs);
      // Stopped while gathering: what waited stays unacknowledged and is read again on the next start.
      if (!running) return;
      const page = takePages(lane);
      if (!page) {
        await new Promise<void>((resolve) => (lane.notify = resolve));
        lane.notify = undefined;
        continue;
      }
      lane.inHandSinceMs = Date.now();
      try {
        if (page.events.length > 0) await deliverTo(lane.consumer, page.events);
      } catch (error) {
        // Stopping with the page unfinished: it stays unacknowledged and is read again on the next start.
        if (error instanceof StopRequested) return;
        throw error;
      } finally {
        lane.inHandSinceMs = undefined;
        lane.backlog -= page.events.length;
        if (lane.backlog <= maxLaneBacklog / 2) relieved?.();
      }
      if (page.lastSequence) lane.checkpoints.advance(page.shardId, page.lastSequence);
      if (page.finishes) lane.checkpoints.finish(page.shardId);
    }
  }

  /**
   * Waits while the lane's oldest page with records is younger than the window and less than a
   * batch waits (as Lambda gathers records for a mapping with a batching window). Pages without
   * records for the consumer (a shard's end, runtime items, records the filter dropped) only move
   * its checkpoint: with nothing else waiting they go at once, and they never cut a window short.
   */
  async function gatherWindow(lane: Lane, windowMs: number): Promise<void> {
    while (running) {
      const first = lane.pages.find((page) => page.events.length > 0);
      if (!first || lane.backlog >= lane.consumer.batchSize) return;
      const remainingMs = first.handedAtMs + windowMs - Date.now();
      if (remainingMs <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remainingMs);
        lane.notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      lane.notify = undefined;
    }
  }

  /** The next page, with the pages of the same shard queued after it (up to a GetRecords page's 1,000 records). */
  function takePages(lane: Lane): LanePage | undefined {
    const first = lane.pages.shift();
    if (!first || first.finishes) return first;
    const merged: LanePage = { ...first, events: [...first.events] };
    while (lane.pages.length > 0) {
      const next = lane.pages[0]!;
      if (next.shardId !== merged.shardId || merged.events.length + next.events.length > 1000) break;
      lane.pages.shift();
      merged.events.push(...next.events);
      merged.lastSequence = next.lastSequence ?? merged.lastSequence;
      if (next.finishes) {
        merged.finishes = true;
        break;
      }
    }
    return merged;
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
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * failedAttempts));
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      const timer = setTimeout(wake, ms);
      wakePoll = () => {
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
      wakePoll = done;
    });
  }

  /** Waits while a lane is too far behind (its records would pile up in memory). */
  async function waitForLanes(): Promise<void> {
    while (running && lanes.some((lane) => lane.backlog > maxLaneBacklog)) {
      await new Promise<void>((resolve) => {
        relieved = resolve;
        wakePoll = resolve;
      });
      relieved = undefined;
    }
  }

  async function poll(): Promise<void> {
    while (running) {
      try {
        await waitForLanes();
        if (!running) break;
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
  for (const lane of lanes)
    lane.done = runLane(lane).catch((error: unknown) => log.error(`${lane.consumer.name}: stream lane stopped`, error));
  const polling = poll();
  return {
    async stop() {
      running = false;
      wakePoll?.();
      await polling;
      for (const lane of lanes) lane.notify?.();
      await Promise.all(lanes.map((lane) => lane.done));
      await Promise.all(lanes.map((lane) => lane.checkpoints.flush()));
    },
    wake() {
      if (idle) idle();
      else wokenWhilePolling = true;
    },
    describe() {
      const nowMs = Date.now();
      return lanes.map((lane) => ({
        consumer: lane.consumer.name,
        backlog: lane.backlog,
        inHandForMs: lane.inHandSinceMs === undefined ? undefined : nowMs - lane.inHandSinceMs,
      }));
    },
  };
}
