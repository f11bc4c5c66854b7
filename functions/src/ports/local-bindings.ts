import type { ApiUsagePort } from './api-usage.ts';
import type { MailPort } from './mail.ts';
import type { QueuePort } from './queue.ts';
import type { SchedulerPort } from './scheduler.ts';

/**
 * The local runtime runs the Lambda bundles in its own process and hands them its SQS,
 * Scheduler and mail adapters through this global slot. Symbol.for() is shared by every bundle in the
 * process, and in AWS the slot is empty, so the real adapters are used.
 */
export interface LocalBindings {
  queue: QueuePort;
  scheduler: SchedulerPort;
  mail: MailPort;
  /** The external API's usage plans: the local gateway's limiter. */
  apiUsage?: ApiUsagePort;
}

const slot = Symbol.for('atende.localBindings');

export function installLocalBindings(bindings: LocalBindings): void {
  (globalThis as Record<symbol, unknown>)[slot] = bindings;
}

export function localBindings(): LocalBindings | undefined {
  return (globalThis as Record<symbol, unknown>)[slot] as LocalBindings | undefined;
}
