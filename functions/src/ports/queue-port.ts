import { localBindings } from './local-bindings.ts';
import type { QueuePort } from './queue.ts';
import type { SchedulerPort } from './scheduler.ts';

/** The queue adapter of this home: the local runtime's when it installed one, else SQS. */
export async function queuePort(): Promise<QueuePort> {
  return localBindings()?.queue ?? (await import('#aws/sqs-queue')).sqsQueue;
}

/** The timer adapter of this home: the local runtime's, else EventBridge Scheduler. */
export async function schedulerPort(): Promise<SchedulerPort> {
  return localBindings()?.scheduler ?? (await import('#aws/scheduler-timers')).schedulerTimers;
}
