/**
 * The way out for one connection's inbound events: each validated against the shared schema, sent
 * to the inbound FIFO queue and retried with backoff until it is accepted. The first failure also
 * writes the event to the spool, so it survives a restart; once closed, a failing event stays in
 * the spool for the next holder instead of being retried here.
 *
 * Order: the product promises order per chat only (the FIFO group is the chat, `groupIdOf`, and
 * the ingest consumes one group in order). So each group has its own lane, sent strictly one event
 * after another (retries included), while different groups' lanes send concurrently, at most
 * `maxInFlight` sends at a time for the outbox. A connection carries many chats: one line for all
 * of them made a burst wait for every other chat's sends.
 */
import { inboundEventSchema, type InboundEvent } from '@atende/shared/entities/inbound-message';
import { backoffDelay, type BackoffPolicy } from '../backoff.ts';
import { sleep, type Clock, type InboundQueuePort, type Logger, type Timers } from '../ports.ts';
import { deduplicationIdOf, groupIdOf } from './ids.ts';
import type { QueueMessage, SpoolStore } from './spool.ts';

export interface OutboxDeps {
  queue: InboundQueuePort;
  spool: Pick<SpoolStore, 'add' | 'remove' | 'list'>;
  clock: Clock;
  timers: Timers;
  random: () => number;
  log: Logger;
  backoff: BackoffPolicy;
  /** Sends in flight at once across all groups (default 16). */
  maxInFlight?: number;
}

export type EventSource = InboundEvent | null | (() => Promise<InboundEvent | null>);

export const defaultMaxInFlight = 16;

export function toQueueMessage(event: InboundEvent): QueueMessage {
  return {
    body: JSON.stringify(inboundEventSchema.parse(event)),
    groupId: groupIdOf(event),
    deduplicationId: deduplicationIdOf(event),
  };
}

/** Wraps a delivery so that a step of the build line can hand it on without awaiting it. */
interface Handed {
  delivered: Promise<void>;
}

export class InboundOutbox {
  /**
   * The build line: sources are turned into queue messages one at a time, in push order, and each
   * is handed to its group's lane as soon as it is built (the send is not awaited here). The group
   * is only known once the source has produced its event (the chat of a Baileys message is resolved
   * asynchronously, LID to phone number), so building in push order is what keeps a media message
   * ahead of the later events of its chat; the callers need not know the chat. Building a ready
   * event takes no time; only a media download holds the line, as it did before lanes existed.
   */
  private buildTail: Promise<unknown> = Promise.resolve();
  /** The tail of each group's lane; a lane is forgotten once it runs empty. */
  private readonly lanes = new Map<string, Promise<void>>();
  private readonly maxInFlight: number;
  private inFlight = 0;
  /** Lanes waiting for a send slot, first come first served. */
  private readonly slotWaiters: (() => void)[] = [];
  /** Events pushed or replayed and not yet handed over (or dropped). */
  private waiting = 0;
  /** `waiting` plus spool listings still running: what `close` waits for. */
  private unsettled = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  /** Spool items this outbox already has in hand (not to be replayed twice). */
  private readonly spooled = new Set<string>();

  constructor(private readonly deps: OutboxDeps) {
    this.maxInFlight = Math.max(1, deps.maxInFlight ?? defaultMaxInFlight);
  }

  /**
   * Queues an event (or the work that produces it, e.g. a media download) behind the earlier
   * events of its chat; resolves once it is handed over (or dropped, or left in the spool).
   */
  push(source: EventSource): Promise<void> {
    this.waiting += 1;
    this.unsettled += 1;
    const handed = this.onBuildLine(async (): Promise<Handed | undefined> => {
      const message = await this.build(source);
      if (!message) return undefined;
      return { delivered: this.inLane(message.groupId, () => this.deliver(message, undefined)) };
    });
    return handed.then((step) => step?.delivered).finally(() => this.settle(true));
  }

  /**
   * Re-queues what the spool holds for this connection (oldest first, so each chat keeps its
   * order), skipping what is in hand. The listing takes its place on the build line at once, so
   * events pushed after this call go behind the replayed ones of their chat.
   */
  async replaySpool(): Promise<number> {
    this.unsettled += 1;
    const listing = this.deps.spool.list();
    // Handled here too: a listing that fails while the build line is still busy must not count as
    // an unhandled rejection (which would end the process); the step below still sees the error.
    listing.catch(() => undefined);
    const dispatched = this.onBuildLine(async () => {
      const items = await listing;
      let replayed = 0;
      for (const { sk, message } of items) {
        if (this.spooled.has(sk)) continue;
        this.spooled.add(sk);
        replayed += 1;
        this.waiting += 1;
        this.unsettled += 1;
        void this.inLane(message.groupId, () => this.deliver(message, sk))
          .catch(() => undefined)
          .finally(() => this.settle(true));
      }
      return replayed;
    });
    try {
      return await dispatched;
    } finally {
      this.settle(false);
    }
  }

  /** Events waiting or in flight, in every group. */
  get size(): number {
    return this.waiting;
  }

  /**
   * Stops retrying in memory (failing events stay in the spool) and waits up to `timeoutMs` for
   * what is queued in every group; true when everything was handed over.
   */
  async close(timeoutMs: number): Promise<boolean> {
    this.closed = true;
    let timer: unknown;
    const timeout = new Promise<false>((resolve) => {
      timer = this.deps.timers.setTimeout(() => resolve(false), timeoutMs);
    });
    const idle = new Promise<true>((resolve) => {
      if (this.unsettled === 0) resolve(true);
      else this.idleWaiters.push(() => resolve(true));
    });
    const done = await Promise.race([idle, timeout]);
    this.deps.timers.clearTimeout(timer);
    return done;
  }

  private onBuildLine<T>(step: () => Promise<T>): Promise<T> {
    const run = this.buildTail.then(step);
    this.buildTail = run.catch(() => undefined);
    return run;
  }

  private settle(event: boolean): void {
    if (event) this.waiting -= 1;
    this.unsettled -= 1;
    if (this.unsettled > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async build(source: EventSource): Promise<QueueMessage | undefined> {
    let event: InboundEvent | null;
    try {
      event = typeof source === 'function' ? await source() : source;
    } catch (error) {
      this.deps.log.error('inbound event could not be built; dropped', { error });
      return undefined;
    }
    if (!event) return undefined;
    try {
      return toQueueMessage(event);
    } catch (error) {
      this.deps.log.error('inbound event does not match the shared schema; dropped', { error, event });
      return undefined;
    }
  }

  /** Runs `work` after everything already in the group's lane. */
  private inLane(groupId: string, work: () => Promise<void>): Promise<void> {
    const run = (this.lanes.get(groupId) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    this.lanes.set(groupId, tail);
    void tail.then(() => {
      if (this.lanes.get(groupId) === tail) this.lanes.delete(groupId);
    });
    return run;
  }

  private async acquireSlot(): Promise<void> {
    if (this.inFlight < this.maxInFlight) {
      this.inFlight += 1;
      return;
    }
    // The slot is handed over by `releaseSlot`, so `inFlight` stays counted.
    await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.slotWaiters.shift();
    if (next) next();
    else this.inFlight -= 1;
  }

  private async send(message: QueueMessage): Promise<void> {
    await this.acquireSlot();
    try {
      await this.deps.queue.send(message);
    } finally {
      this.releaseSlot();
    }
  }

  /**
   * Sends one event until the queue takes it. Only the send itself holds a slot: a lane backing
   * off after a failure leaves the slot to the other groups.
   */
  private async deliver(message: QueueMessage, spoolSk: string | undefined): Promise<void> {
    const { spool, clock, timers, random, log, backoff } = this.deps;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.send(message);
        if (spoolSk) {
          await spool
            .remove(spoolSk)
            .catch((error: unknown) => log.warn('spooled event sent but not removed', { error, spoolSk }));
          this.spooled.delete(spoolSk);
        }
        return;
      } catch (error) {
        log.warn('inbound queue refused an event; retrying', {
          error,
          attempt,
          deduplicationId: message.deduplicationId,
        });
        if (!spoolSk) {
          try {
            spoolSk = await spool.add(message, clock.now());
            this.spooled.add(spoolSk);
          } catch (spoolError) {
            log.error('inbound event could not be spooled either; kept in memory', { error: spoolError });
          }
        }
        // Closed: the spool keeps it for the next start (or the task that took the session over).
        if (this.closed && spoolSk) {
          this.spooled.delete(spoolSk);
          return;
        }
        await sleep(timers, backoffDelay(attempt, backoff, random) + 100);
      }
    }
  }
}
