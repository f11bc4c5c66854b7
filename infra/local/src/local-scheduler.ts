/**
 * The in-process stand-in for EventBridge Scheduler one-time schedules behind the product's
 * SchedulerPort. Timers are kept in the stand-ins' journal (stand-in-journal.ts), so timers that
 * fall due while the runtime is stopped fire on the next start. A timer fires by sending its body
 * to its queue in the same journal commit that deletes it, checked to be still due at that time,
 * so it fires exactly once even if moved or cancelled.
 *
 * Recurring schedules (the manifest's `recurringSchedules`, EventBridge Scheduler `rate(...)`
 * schedules in AWS) are the same timers with a period: firing moves them to their next
 * occurrence in that commit instead of deleting them. Their first occurrence is one period
 * after they are first created, and a restart keeps their phase. Occurrences missed while the
 * runtime was stopped fire once on the next start, not once each.
 */
import type { RecurringSchedule } from '../../../functions/src/manifest.ts';
import type { OneTimeSchedule, SchedulerPort } from '../../../functions/src/ports/scheduler.ts';
import type { LocalQueue } from './local-queue.ts';
import type { Logger } from './log.ts';
import type { StandInChange, StandInJournal, StoredTimer } from './stand-in-journal.ts';
import { countForBench } from './bench-hook.ts';

/** EventBridge Scheduler's rule for schedule names. */
const namePattern = /^[0-9a-zA-Z\-_.]{1,64}$/;
/** The longest sleep between two looks at the timers (setTimeout's own limit is ~24 days). */
const maxSleepMs = 60_000;
const retryFailedFireMs = 1_000;

const rateUnitsMs: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The period of an EventBridge Scheduler rate expression: `rate(1 hour)`, `rate(5 minutes)`. */
export function rateExpressionMs(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  const value = Number(match?.[1]);
  const unit = match?.[2]?.replace(/s$/, '');
  // EventBridge Scheduler wants the singular for 1 and the plural otherwise.
  if (!match || !unit || value < 1 || (value === 1) !== (match[2] === unit))
    throw new Error(`ValidationException: invalid schedule expression ${expression}`);
  return value * rateUnitsMs[unit]!;
}

export class LocalScheduler implements SchedulerPort {
  private timer: NodeJS.Timeout | undefined;
  private timerAtMs = Infinity;
  private waking: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = false;

  constructor(
    private readonly journal: StandInJournal,
    private readonly queue: LocalQueue,
    private readonly log: Logger,
  ) {}

  /** Fires every timer that fell due while stopped, then keeps watching. */
  async start(): Promise<void> {
    await this.wake();
  }

  async schedule(timer: OneTimeSchedule): Promise<void> {
    if (!namePattern.test(timer.name))
      throw new Error(`ValidationException: invalid schedule name ${timer.name}`);
    if (!this.queue.definition(timer.queueName))
      throw new Error(`ValidationException: no queue ${timer.queueName}`);
    const atMs = timer.at.getTime();
    if (!Number.isFinite(atMs))
      throw new Error(`ValidationException: invalid time for schedule ${timer.name}`);
    this.journal.commit([
      { type: 'timer', timer: { name: timer.name, atMs, queueName: timer.queueName, body: timer.body } },
    ]);
    this.armAt(atMs);
  }

  /**
   * Creates a recurring schedule, or changes its expression, target or body; an unchanged one
   * keeps its next occurrence (the runtime declares every schedule on each start).
   */
  async scheduleRecurring(schedule: RecurringSchedule): Promise<void> {
    if (!namePattern.test(schedule.name))
      throw new Error(`ValidationException: invalid schedule name ${schedule.name}`);
    if (!this.queue.definition(schedule.queueName))
      throw new Error(`ValidationException: no queue ${schedule.queueName}`);
    const rateMs = rateExpressionMs(schedule.expression);
    const existing = this.journal.timer(schedule.name);
    if (
      existing?.rateMs === rateMs &&
      existing.queueName === schedule.queueName &&
      existing.body === schedule.body
    )
      return; // Unchanged: keeps its phase.
    const atMs = Date.now() + rateMs;
    this.journal.commit([
      {
        type: 'timer',
        timer: { name: schedule.name, atMs, queueName: schedule.queueName, body: schedule.body, rateMs },
      },
    ]);
    this.armAt(atMs);
  }

  /**
   * Makes a schedule's next occurrence now (tests: "the job ran"), as if its time had come; a
   * recurring one then carries on with its period. Answers whether the schedule exists.
   */
  async runNow(name: string): Promise<boolean> {
    const existing = this.journal.timer(name);
    if (!existing) return false;
    this.journal.commit([{ type: 'timer', timer: { ...existing, atMs: Date.now() } }]);
    await this.wake();
    return true;
  }

  async cancel(name: string): Promise<void> {
    if (this.journal.timer(name)) this.journal.commit([{ type: 'timerDone', name }]);
  }

  /** The timers waiting, soonest first (tests: what a product change scheduled). */
  pending(): StoredTimer[] {
    return this.journal.timersByDueTime();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.waking) await this.waking;
  }

  /** Fires what is due and arms the timer for the next one; concurrent calls run one after another. */
  private wake(): Promise<void> {
    if (this.waking) {
      this.wakeAgain = true;
      return this.waking;
    }
    this.waking = (async () => {
      do {
        this.wakeAgain = false;
        try {
          this.fireDue();
        } catch (error) {
          if (!this.stopped) this.log.error('scheduler: reading due timers failed', error);
          this.armAt(Date.now() + retryFailedFireMs, true);
        }
        // Lets what the fired timers set off run before the next look.
        await new Promise((resolve) => setImmediate(resolve));
      } while (this.wakeAgain && !this.stopped);
    })().finally(() => {
      this.waking = undefined;
    });
    return this.waking;
  }

  private fireDue(): void {
    if (this.stopped) return;
    const { due, nextAtMs } = this.journal.timersDue(Date.now());
    let failures = 0;
    let next = nextAtMs;
    for (const timer of due) {
      try {
        // A recurring schedule's next occurrence is a timer to wake for too.
        const movedToMs = this.fire(timer);
        if (movedToMs !== undefined) next = Math.min(next ?? Infinity, movedToMs);
      } catch (error) {
        failures++;
        this.log.error(`scheduler: firing ${timer.name} failed; trying again shortly`, error);
      }
    }
    if (failures > 0) next = Math.min(next ?? Infinity, Date.now() + retryFailedFireMs);
    this.armAt(next ?? Infinity, true);
  }

  /**
   * Sends a due timer's body to its queue and deletes (or moves on) the timer, in one commit;
   * answers a recurring schedule's next occurrence.
   */
  private fire(timer: StoredTimer): number | undefined {
    // Cancelled or moved since it was read.
    if (this.journal.timer(timer.name)?.atMs !== timer.atMs) return undefined;
    const fifo = this.queue.definition(timer.queueName)?.fifo ?? false;
    const prepared = this.queue.prepareSend(timer.queueName, {
      body: timer.body,
      // Scheduler sends to FIFO queues with a group; the due time keeps a moved timer's firing distinct.
      ...(fifo ? { groupId: timer.name, deduplicationId: `${timer.name}-${timer.atMs}` } : {}),
    });
    const movedToMs = timer.rateMs ? nextOccurrenceMs(timer, timer.rateMs) : undefined;
    const done: StandInChange =
      movedToMs === undefined
        ? { type: 'timerDone', name: timer.name }
        : { type: 'timer', timer: { ...timer, atMs: movedToMs } };
    this.journal.commit([done, ...prepared.changes]);
    if (!prepared.duplicate) {
      // In AWS: one Scheduler invocation, whose target is one SQS send.
      countForBench('scheduler.Invocation');
      countForBench('sqs.SendMessage');
      prepared.committed();
    }
    return movedToMs;
  }

  /** Wakes at `atMs` (or within maxSleepMs), unless already set to wake earlier. */
  private armAt(atMs: number, replace = false): void {
    if (this.stopped) return;
    const wakeAtMs = Math.min(atMs, Date.now() + maxSleepMs);
    if (!replace && wakeAtMs >= this.timerAtMs) return;
    clearTimeout(this.timer);
    this.timerAtMs = wakeAtMs;
    this.timer = setTimeout(
      () => {
        this.timerAtMs = Infinity;
        void this.wake();
      },
      Math.max(0, wakeAtMs - Date.now()),
    );
  }
}

/** A recurring schedule's first occurrence after now. */
function nextOccurrenceMs(timer: StoredTimer, rateMs: number): number {
  const missed = Math.floor((Date.now() - timer.atMs) / rateMs) + 1;
  return timer.atMs + missed * rateMs;
}
