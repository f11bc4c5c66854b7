/**
 * The in-process stand-in for EventBridge Scheduler one-time schedules behind the product's
 * SchedulerPort. Timers are items in the table (pk LOCALSCHED, sk <name>, ordered by due time in
 * gsi1), so timers that fall due while the runtime is stopped fire on the next start. A timer
 * fires by sending its body to its queue in the same transaction that deletes it, conditioned
 * on it still being due at that time, so it fires exactly once even if moved or cancelled.
 *
 * Recurring schedules (the manifest's `recurringSchedules`, EventBridge Scheduler `rate(...)`
 * schedules in AWS) are the same items with a period: firing moves them to their next
 * occurrence in that transaction instead of deleting them. Their first occurrence is one period
 * after they are first created, and a restart keeps their phase. Occurrences missed while the
 * runtime was stopped fire once on the next start, not once each.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { RecurringSchedule } from '../../../functions/src/manifest.ts';
import type { OneTimeSchedule, SchedulerPort } from '../../../functions/src/ports/scheduler.ts';
import { isDuplicate, type LocalQueue } from './local-queue.ts';
import type { Logger } from './log.ts';
import { schedulesPk } from './runtime-keys.ts';
import { countForBench } from './bench-hook.ts';

/** EventBridge Scheduler's rule for schedule names. */
const namePattern = /^[0-9a-zA-Z\-_.]{1,64}$/;
/** Even with nothing due, the table is looked at this often (a timer written by another process). */
const maxSleepMs = 5_000;
const retryFailedFireMs = 1_000;

interface ScheduleItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  atMs: number;
  queueName: string;
  body: string;
  /** Recurring schedules only: the period. */
  rateMs?: number;
}

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
    private readonly documents: DynamoDBDocumentClient,
    private readonly tableName: string,
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
    const item: ScheduleItem = {
      pk: schedulesPk,
      sk: timer.name,
      gsi1pk: schedulesPk,
      gsi1sk: dueKey(atMs, timer.name),
      atMs,
      queueName: timer.queueName,
      body: timer.body,
    };
    await this.documents.send(new PutCommand({ TableName: this.tableName, Item: item }));
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
    const atMs = Date.now() + rateMs;
    const item: ScheduleItem = {
      pk: schedulesPk,
      sk: schedule.name,
      gsi1pk: schedulesPk,
      gsi1sk: dueKey(atMs, schedule.name),
      atMs,
      queueName: schedule.queueName,
      body: schedule.body,
      rateMs,
    };
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression:
            'attribute_not_exists(pk) OR rateMs <> :rate OR queueName <> :queue OR body <> :body',
          ExpressionAttributeValues: {
            ':rate': rateMs,
            ':queue': schedule.queueName,
            ':body': schedule.body,
          },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      return; // Unchanged: keeps its phase.
    }
    this.armAt(atMs);
  }

  /**
   * Makes a schedule's next occurrence now (tests: "the job ran"), as if its time had come; a
   * recurring one then carries on with its period. Answers whether the schedule exists.
   */
  async runNow(name: string): Promise<boolean> {
    const atMs = Date.now();
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: schedulesPk, sk: name },
          UpdateExpression: 'SET atMs = :at, gsi1sk = :due',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': atMs, ':due': dueKey(atMs, name) },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
    await this.wake();
    return true;
  }

  async cancel(name: string): Promise<void> {
    await this.documents.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: schedulesPk, sk: name } }),
    );
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
          await this.fireDue();
        } catch (error) {
          if (!this.stopped) this.log.error('scheduler: reading due timers failed', error);
          this.armAt(Date.now() + retryFailedFireMs, true);
        }
      } while (this.wakeAgain && !this.stopped);
    })().finally(() => {
      this.waking = undefined;
    });
    return this.waking;
  }

  private async fireDue(): Promise<void> {
    let next: number | undefined;
    for (;;) {
      const nowMs = Date.now();
      const page = await this.documents.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': schedulesPk },
          Limit: 50,
        }),
      );
      const items = (page.Items ?? []) as ScheduleItem[];
      const due = items.filter((item) => item.atMs <= nowMs);
      let failures = 0;
      for (const item of due) {
        if (this.stopped) return;
        try {
          await this.fire(item);
        } catch (error) {
          failures++;
          this.log.error(`scheduler: firing ${item.sk} failed; trying again shortly`, error);
        }
      }
      next = items.find((item) => item.atMs > nowMs)?.atMs;
      if (failures > 0) next = Math.min(next ?? Infinity, Date.now() + retryFailedFireMs);
      // A full page of due timers may hide more behind it.
      if (failures > 0 || due.length < items.length || !page.LastEvaluatedKey || this.stopped) break;
    }
    if (!this.stopped) this.armAt(next ?? Infinity, true);
  }

  private async fire(item: ScheduleItem): Promise<void> {
    const fifo = this.queue.definition(item.queueName)?.fifo ?? false;
    const prepared = this.queue.prepareSend(item.queueName, {
      body: item.body,
      // Scheduler sends to FIFO queues with a group; the due time keeps a moved timer's firing distinct.
      ...(fifo ? { groupId: item.sk, deduplicationId: `${item.sk}-${item.atMs}` } : {}),
    });
    const deleteIfStillDue = {
      Delete: {
        TableName: this.tableName,
        Key: { pk: schedulesPk, sk: item.sk },
        ConditionExpression: 'gsi1sk = :due',
        ExpressionAttributeValues: { ':due': item.gsi1sk },
      },
    };
    const done = item.rateMs ? { Update: this.nextOccurrence(item) } : deleteIfStillDue;
    const deduplicationWrite =
      prepared.deduplicationWrite === undefined ? undefined : prepared.deduplicationWrite + 1;
    try {
      await this.documents.send(new TransactWriteCommand({ TransactItems: [done, ...prepared.writes] }));
      // In AWS: one Scheduler invocation, whose target is one SQS send.
      countForBench('scheduler.Invocation');
      countForBench('sqs.SendMessage');
      prepared.committed();
    } catch (error) {
      if (
        error instanceof TransactionCanceledException &&
        error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
      ) {
        return; // Cancelled or moved since it was read.
      }
      if (isDuplicate(error, deduplicationWrite)) {
        const settle = item.rateMs
          ? new UpdateCommand(this.nextOccurrence(item))
          : new DeleteCommand(deleteIfStillDue.Delete);
        await this.documents.send(settle).catch(() => undefined);
        return;
      }
      throw error;
    }
  }

  /** Moves a recurring schedule to its first occurrence after now, if it is still at `item`'s. */
  private nextOccurrence(item: ScheduleItem & { rateMs?: number }) {
    const rateMs = item.rateMs!;
    const missed = Math.floor((Date.now() - item.atMs) / rateMs) + 1;
    const atMs = item.atMs + missed * rateMs;
    return {
      TableName: this.tableName,
      Key: { pk: schedulesPk, sk: item.sk },
      UpdateExpression: 'SET atMs = :at, gsi1sk = :next',
      ConditionExpression: 'gsi1sk = :due',
      ExpressionAttributeValues: { ':at': atMs, ':next': dueKey(atMs, item.sk), ':due': item.gsi1sk },
    };
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

/** Sorts by due time: ISO timestamps of one length compare as strings. */
function dueKey(atMs: number, name: string): string {
  return `${new Date(atMs).toISOString()}#${name}`;
}
