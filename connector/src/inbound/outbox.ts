/**
 * The way out for one connection's inbound events: strictly in order (one at a time), each
 * validated against the shared schema, sent to the inbound FIFO queue and retried with backoff
 * until it is accepted. The first failure also writes the event to the spool, so it survives a
 * restart; once closed, a failing event stays in the spool for the next holder instead of being
 * retried here.
 */
import { inboundEventSchema, type InboundEvent } from '@atende/shared/entities/inbound-message';
import { backoffDelay, type BackoffPolicy } from '../backoff.ts';
import { sleep, type Clock, type InboundQueuePort, type Logger, type Timers } from '../ports.ts';
import { deduplicationIdOf, groupIdOf } from './ids.ts';
import type { QueueMessage, SpoolStore } from './spool.ts';

export interface OutboxDeps {
  queue: InboundQueuePort;
  spool: SpoolStore;
  clock: Clock;
  timers: Timers;
  random: () => number;
  log: Logger;
  backoff: BackoffPolicy;
}

export type EventSource = InboundEvent | null | (() => Promise<InboundEvent | null>);

export function toQueueMessage(event: InboundEvent): QueueMessage {
  return {
    body: JSON.stringify(inboundEventSchema.parse(event)),
    groupId: groupIdOf(event),
    deduplicationId: deduplicationIdOf(event),
  };
}

export class InboundOutbox {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private closed = false;
  /** Spool items this outbox already has in hand (not to be replayed twice). */
  private readonly spooled = new Set<string>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Queues an event (or the work that produces it, e.g. a media download) behind the others. */
  push(source: EventSource): Promise<void> {
    return this.enqueue(async () => {
      let event: InboundEvent | null;
      try {
        event = typeof source === 'function' ? await source() : source;
      } catch (error) {
        this.deps.log.error('inbound event could not be built; dropped', { error });
        return;
      }
      if (!event) return;
      let message: QueueMessage;
      try {
        message = toQueueMessage(event);
      } catch (error) {
        this.deps.log.error('inbound event does not match the shared schema; dropped', { error, event });
        return;
      }
      await this.deliver(message, undefined);
    });
  }

  /** Re-queues what the spool holds for this connection (oldest first), skipping what is in hand. */
  async replaySpool(): Promise<number> {
    const items = await this.deps.spool.list();
    let replayed = 0;
    for (const { sk, message } of items) {
      if (this.spooled.has(sk)) continue;
      this.spooled.add(sk);
      replayed += 1;
      void this.enqueue(() => this.deliver(message, sk));
    }
    return replayed;
  }

  /** Events waiting or in flight. */
  get size(): number {
    return this.waiting;
  }

  /**
   * Stops retrying in memory (failing events stay in the spool) and waits up to `timeoutMs` for
   * what is queued; true when everything was handed over.
   */
  async close(timeoutMs: number): Promise<boolean> {
    this.closed = true;
    let timer: unknown;
    const timeout = new Promise<false>((resolve) => {
      timer = this.deps.timers.setTimeout(() => resolve(false), timeoutMs);
    });
    const done = await Promise.race([this.tail.then(() => true as const), timeout]);
    this.deps.timers.clearTimeout(timer);
    return done;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.waiting += 1;
    const run = this.tail.then(work).finally(() => {
      this.waiting -= 1;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async deliver(message: QueueMessage, spoolSk: string | undefined): Promise<void> {
    const { queue, spool, clock, timers, random, log, backoff } = this.deps;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await queue.send(message);
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
