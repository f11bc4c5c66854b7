/**
 * The in-process stand-in for SQS behind the product's QueuePort. Messages are kept in the
 * stand-ins' journal (stand-in-journal.ts), so a restart loses none; a dispatcher per queue
 * delivers them to the queue's consumer as SQS events, in batches of up to its batchSize,
 * honouring delays, FIFO groups and deduplication, retrying failures after the visibility timeout
 * (capped for local use) and moving a message that failed maxReceiveCount times to the queue's
 * dead letters.
 */
import { randomUUID } from 'node:crypto';
import type { QueueMessage, QueuePort } from '../../../functions/src/ports/queue.ts';
import type { FunctionInvoker } from './invoke.ts';
import type { Logger } from './log.ts';
import {
  batchesAtOnce,
  contentDeduplicationId,
  deduplicationWindowMs,
  failedMessageIds,
  nextVisibleAt,
  selectBatch,
  sequenceGenerator,
  toSqsRecord,
  type QueuedMessage,
} from './queue-message.ts';
import type { QueueDefinition } from './runtime-manifest.ts';
import { countForBench, traceForBench } from './bench-hook.ts';
import type { DeadLetter, StandInChange, StandInJournal } from './stand-in-journal.ts';

export type { DeadLetter } from './stand-in-journal.ts';

/** SQS limits. */
const maxBodyBytes = 256 * 1024;
const maxDelaySeconds = 900;
const accountId = '000000000000';

/** The changes that enqueue one message, for a caller that commits them with changes of its own. */
export interface PreparedSend {
  changes: StandInChange[];
  /** A FIFO queue saw the message's deduplication id within its window: nothing to commit. */
  duplicate: boolean;
  /** Call once the changes are committed, to hand the message to the dispatcher. */
  committed(): void;
}

export interface LocalQueueOptions {
  journal: StandInJournal;
  queues: QueueDefinition[];
  invoker: FunctionInvoker;
  region: string;
  log: Logger;
  /** Upper bound of a queue's visibility timeout here, so a retry takes seconds, not minutes. */
  maxVisibilityTimeoutMs?: number;
}

/** A queue's messages as `LocalQueue.describe` shows them. */
export interface QueueState {
  queue: string;
  paused: boolean;
  /** Messages not in flight: visible ones wait for a slot (or their group), others for a retry. */
  waiting: number;
  oldestWaitingMs: number | undefined;
  /** Of the waiting ones, those not visible yet (a delay or a retry's visibility timeout), and when the next one becomes visible. */
  delayed: number;
  nextVisibleInMs: number | undefined;
  /** Batches being delivered: group, size, how long ago they were handed over, receives so far. */
  inFlight: { group: string | undefined; size: number; forMs: number; receives: number; types: string[] }[];
}

export class LocalQueue implements QueuePort {
  private readonly dispatchers = new Map<string, QueueDispatcher>();
  private readonly nextSequence = sequenceGenerator();

  constructor(private readonly options: LocalQueueOptions) {
    for (const queue of options.queues) this.dispatchers.set(queue.name, new QueueDispatcher(queue, options));
  }

  /** Loads what every queue still holds and starts delivering it. */
  async start(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((dispatcher) => dispatcher.resume()));
  }

  async send(queueName: string, message: QueueMessage): Promise<void> {
    const prepared = this.prepareSend(queueName, message);
    if (prepared.duplicate) return;
    this.options.journal.commit(prepared.changes);
    countForBench('sqs.SendMessage');
    traceForBench(`send:${queueName}`, message.body);
    prepared.committed();
  }

  prepareSend(queueName: string, message: QueueMessage): PreparedSend {
    const dispatcher = this.dispatcher(queueName);
    const { fifo } = dispatcher.queue;
    if (Buffer.byteLength(message.body) > maxBodyBytes)
      throw new Error(`InvalidParameterValue: message to ${queueName} is over 256 KB`);
    if (fifo && !message.groupId)
      throw new Error(`MissingParameter: ${queueName} is FIFO and needs a groupId`);
    if (fifo && message.delaySeconds)
      throw new Error(`InvalidParameterValue: ${queueName} is FIFO; per-message delays are not supported`);
    const delaySeconds = message.delaySeconds ?? 0;
    if (delaySeconds < 0 || delaySeconds > maxDelaySeconds)
      throw new Error(`InvalidParameterValue: delaySeconds ${delaySeconds}`);

    const nowMs = Date.now();
    const queued: QueuedMessage = {
      sequence: this.nextSequence(),
      messageId: randomUUID(),
      body: message.body,
      ...(fifo
        ? {
            groupId: message.groupId,
            deduplicationId: message.deduplicationId ?? contentDeduplicationId(message.body),
          }
        : {}),
      sentAtMs: nowMs,
      visibleAtMs: nowMs + delaySeconds * 1000,
      receiveCount: 0,
    };
    const changes: StandInChange[] = [];
    if (fifo) {
      const id = queued.deduplicationId!;
      if (this.options.journal.isDuplicate(queueName, id, nowMs))
        return { changes: [], duplicate: true, committed: () => undefined };
      changes.push({ type: 'deduplication', queue: queueName, id, expiresAtMs: nowMs + deduplicationWindowMs });
    }
    changes.push({ type: 'message', queue: queueName, message: queued });
    return { changes, duplicate: false, committed: () => dispatcher.add(queued) };
  }

  /** The manifest's definition of a queue, or undefined when there is no such queue. */
  definition(queueName: string): QueueDefinition | undefined {
    return this.dispatchers.get(queueName)?.queue;
  }

  /** The messages a queue gave up on, oldest first. */
  async deadLetters(queueName: string): Promise<DeadLetter[]> {
    this.dispatcher(queueName);
    return this.options.journal.deadLettersOf(queueName);
  }

  /** How many messages a queue holds: waiting, delayed or being delivered. */
  heldCount(queueName: string): number {
    this.dispatcher(queueName);
    return this.options.journal.queuedCount(queueName);
  }

  /**
   * Stops delivering one queue's messages while its consumer is down (a service being
   * restarted), the way SQS keeps messages nobody receives; they wait, nothing is retried.
   */
  /**
   * What each queue holds and delivers right now (for a test that timed out waiting on the
   * runtime: which queue or group its work was stuck behind). Message bodies are left out.
   */
  describe(): QueueState[] {
    return [...this.dispatchers.values()]
      .map((dispatcher) => dispatcher.describe())
      .filter((state) => state.waiting + state.inFlight.length > 0);
  }

  async pauseConsumer(queueName: string): Promise<void> {
    await this.dispatcher(queueName).pause();
  }

  resumeConsumer(queueName: string): void {
    this.dispatcher(queueName).unpause();
  }

  /** Stops delivering and waits for the batches in flight; undelivered messages stay in the journal. */
  async stop(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((dispatcher) => dispatcher.stop()));
  }

  private dispatcher(queueName: string): QueueDispatcher {
    const dispatcher = this.dispatchers.get(queueName);
    if (!dispatcher) throw new Error(`QueueDoesNotExist: ${queueName}`);
    return dispatcher;
  }
}

class QueueDispatcher {
  private readonly messages: QueuedMessage[] = [];
  private readonly inFlight = new Set<string>();
  private readonly busyGroups = new Set<string>();
  /** The batches in hand: what each holds and since when (describe()). */
  private readonly batches = new Map<Promise<void>, { batch: QueuedMessage[]; sinceMs: number }>();
  private readonly arn: string;
  private readonly visibilityTimeoutMs: number;
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAtMs = Infinity;
  private pumpScheduled = false;
  private stopped = false;
  private paused = false;

  constructor(
    readonly queue: QueueDefinition,
    private readonly options: LocalQueueOptions,
  ) {
    this.arn = `arn:aws:sqs:${options.region}:${accountId}:${queue.name}`;
    this.visibilityTimeoutMs = Math.min(
      queue.visibilityTimeoutSeconds * 1000,
      options.maxVisibilityTimeoutMs ?? 3000,
    );
  }

  async resume(): Promise<void> {
    this.messages.push(...this.options.journal.queuedMessages(this.queue.name));
    this.schedulePump();
  }

  add(message: QueuedMessage): void {
    let index = this.messages.length;
    while (index > 0 && this.messages[index - 1]!.sequence > message.sequence) index--;
    this.messages.splice(index, 0, message);
    this.schedulePump();
  }

  describe(): QueueState {
    const nowMs = Date.now();
    const waiting = this.messages.filter((message) => !this.inFlight.has(message.messageId));
    const nextVisible = nextVisibleAt(waiting, nowMs);
    return {
      queue: this.queue.name,
      paused: this.paused,
      waiting: waiting.length,
      oldestWaitingMs: waiting.length ? nowMs - Math.min(...waiting.map((message) => message.sentAtMs)) : undefined,
      delayed: waiting.filter((message) => message.visibleAtMs > nowMs).length,
      nextVisibleInMs: nextVisible === undefined ? undefined : nextVisible - nowMs,
      inFlight: [...this.batches.values()].map(({ batch, sinceMs }) => ({
        group: batch[0]?.groupId,
        size: batch.length,
        forMs: nowMs - sinceMs,
        receives: Math.max(...batch.map((message) => message.receiveCount)),
        types: [...new Set(batch.map((message) => typeOf(message.body)))],
      })),
    };
  }

  async pause(): Promise<void> {
    this.paused = true;
    while (this.batches.size > 0) await Promise.allSettled([...this.batches.keys()]);
  }

  unpause(): void {
    this.paused = false;
    this.schedulePump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.wakeTimer);
    while (this.batches.size > 0) await Promise.allSettled([...this.batches.keys()]);
  }

  /** Coalesces a burst of sends into one look at the queue, so they travel as one batch. */
  private schedulePump(): void {
    if (this.pumpScheduled || this.stopped) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    if (this.stopped || this.paused) return;
    const limit = batchesAtOnce(this.queue);
    // One instant for the whole look: a message judged not yet visible here is the one the wake
    // timer is armed for. Read twice, the clock could move past its visibility in between, and it
    // would be neither delivered nor woken for (it waited for the queue's next unrelated event:
    // ~54 s for a paced campaign step, the watchdog's tick).
    const nowMs = Date.now();
    while (this.batches.size < limit) {
      const batch = selectBatch(this.messages, {
        fifo: this.queue.fifo,
        batchSize: this.queue.consumer.batchSize,
        nowMs,
        inFlight: this.inFlight,
        busyGroups: this.busyGroups,
      });
      if (batch.length === 0) break;
      const delivery = this.deliver(batch).finally(() => {
        this.batches.delete(delivery);
        this.schedulePump();
      });
      this.batches.set(delivery, { batch, sinceMs: Date.now() });
    }
    this.armWakeTimer(nowMs);
  }

  /**
   * Wakes for the first message that was not visible at `nowMs` (the instant the pump looked).
   * A timer may end a moment before the wall clock reads its time; the pump then arms it again.
   */
  private armWakeTimer(nowMs: number): void {
    const wakeAt = nextVisibleAt(this.messages, nowMs);
    if (wakeAt === undefined || wakeAt >= this.wakeAtMs) return;
    clearTimeout(this.wakeTimer);
    this.wakeAtMs = wakeAt;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeAtMs = Infinity;
        this.pump();
      },
      Math.max(0, wakeAt - Date.now()),
    );
  }

  private async deliver(batch: QueuedMessage[]): Promise<void> {
    const nowMs = Date.now();
    const group = this.queue.fifo ? (batch[0]!.groupId ?? '') : undefined;
    if (group !== undefined) this.busyGroups.add(group);
    for (const message of batch) {
      this.inFlight.add(message.messageId);
      message.receiveCount++;
      message.firstReceivedAtMs ??= nowMs;
    }
    try {
      let failed: Set<string>;
      let lastError = 'batchItemFailures';
      try {
        const event = {
          Records: batch.map((message) =>
            toSqsRecord(message, { arn: this.arn, region: this.options.region, fifo: this.queue.fifo }),
          ),
        };
        // In AWS the event source mapping receives the batch and deletes what succeeded.
        countForBench('sqs.ReceiveMessage');
        countForBench('sqs.DeleteMessageBatch');
        failed = failedMessageIds(batch, await this.options.invoker.invoke(this.queue.consumer.name, event));
      } catch (error) {
        this.options.log.error(
          `${this.queue.consumer.name}: batch from queue ${this.queue.name} failed`,
          error,
        );
        lastError = error instanceof Error ? error.message : String(error);
        failed = new Set(batch.map((message) => message.messageId));
      }
      if (failed.size > 0)
        traceForBench(`failed:${this.queue.name}`, batch.filter((message) => failed.has(message.messageId)).map((message) => message.body));
      this.settle(batch, failed, lastError);
    } catch (error) {
      // The journal could not be written; the messages stay as they are and are delivered again.
      this.options.log.error(`queue ${this.queue.name}: recording a delivery failed`, error);
    } finally {
      for (const message of batch) this.inFlight.delete(message.messageId);
      if (group !== undefined) this.busyGroups.delete(group);
    }
  }

  /** Deletes what succeeded; schedules a retry of what failed, or dead-letters it when out of receives. */
  private settle(batch: QueuedMessage[], failed: Set<string>, lastError: string): void {
    const { journal, log } = this.options;
    const queue = this.queue.name;
    const succeeded = batch.filter((message) => !failed.has(message.messageId));
    const changes: StandInChange[] = succeeded.map((message) => ({
      type: 'messageDone',
      queue,
      sequence: message.sequence,
    }));
    const nowMs = Date.now();
    const deadLettered: QueuedMessage[] = [];
    for (const message of batch.filter((candidate) => failed.has(candidate.messageId))) {
      if (message.receiveCount >= this.queue.maxReceiveCount) {
        changes.push({ type: 'deadLetter', queue, message: { ...message, deadLetteredAtMs: nowMs, lastError } });
        deadLettered.push(message);
        continue;
      }
      message.visibleAtMs = nowMs + this.visibilityTimeoutMs;
      changes.push({ type: 'message', queue, message });
    }
    journal.commit(changes);
    this.remove([...succeeded, ...deadLettered]);
    for (const message of deadLettered)
      log.error(
        `queue ${queue}: message ${message.messageId} moved to the dead-letter list after ${message.receiveCount} receives`,
      );
  }

  private remove(done: QueuedMessage[]): void {
    if (done.length === 0) return;
    const ids = new Set(done.map((message) => message.messageId));
    for (let i = this.messages.length - 1; i >= 0; i--)
      if (ids.has(this.messages[i]!.messageId)) this.messages.splice(i, 1);
  }
}

/** A message body's `type` (connector commands, timers), or '?' : nothing else of it is shown. */
function typeOf(body: string): string {
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    return typeof type === 'string' ? type : '?';
  } catch {
    return '?';
  }
}
