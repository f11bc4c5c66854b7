import { scheduleTimerBodySchema } from '#domain/schedule-rules';
import { fireSchedule } from './fire.ts';
import { queueEntry } from '#observability/queue-entry';

/** Receives before the queue gives up on a message (the manifest's maxReceiveCount): the last one records ERRO. */
const lastReceive = 5;

/**
 * Consumer of the `scheduled-messages` queue: a schedule's one-time timer (EventBridge
 * Scheduler, or the local runtime's stand-in) delivers here at its send time. Each schedule
 * is handled on its own; a failed one is reported alone and delivered again (the handling is
 * idempotent, docs/decisions.md "Scheduled messages"). A body that is not a schedule timer is
 * logged and dropped.
 */
export const handler = queueEntry({
  what: 'schedule timer',
  parse: (body) => scheduleTimerBodySchema.parse(body),
  handle: (timer, record) => {
    const lastAttempt = Number(record.attributes?.ApproximateReceiveCount ?? 1) >= lastReceive;
    return fireSchedule(timer, { lastAttempt });
  },
  logKeys: (timer) => ({ scheduleId: timer.scheduleId }),
  concurrent: true,
});
