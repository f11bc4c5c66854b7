import * as manifest from '../../functions/src/manifest.ts';
import type {
  QueueDefinition,
  RecurringSchedule,
  RestAuthorizer,
  RestModule,
  ServiceQueueDefinition,
  StreamConsumer,
  Task,
  WebSocketApi,
} from '../../functions/src/manifest.ts';

/**
 * What the stack is built from: the REST modules, the WebSocket API, the stream consumers, the
 * queues (those Lambdas consume and those a long-running service consumes) and the deploy-time
 * tasks of functions/src/manifest.ts. It is a prop of the stack
 * (rather than imported where used) so tests can synthesize a manifest the product does not
 * have yet, e.g. a FIFO queue.
 */
export interface AppManifest {
  restModules: readonly RestModule[];
  webSocketApi: WebSocketApi;
  streamConsumers: readonly StreamConsumer[];
  queues: readonly QueueDefinition[];
  serviceQueues: readonly ServiceQueueDefinition[];
  tasks: readonly Task[];
  /** Recurring EventBridge Scheduler schedules delivering to the queues above. */
  recurringSchedules?: readonly RecurringSchedule[];
  /** Lambda REQUEST authorizers in front of single REST methods (the external message API). */
  restAuthorizers?: readonly RestAuthorizer[];
}

export const productManifest: AppManifest = {
  restModules: manifest.restModules,
  webSocketApi: manifest.webSocketApi,
  streamConsumers: manifest.streamConsumers,
  queues: manifest.queues,
  serviceQueues: manifest.serviceQueues,
  tasks: manifest.tasks,
  recurringSchedules: manifest.recurringSchedules,
  restAuthorizers: manifest.restAuthorizers,
};

/** Env var carrying a queue's URL; the code reads it through the manifest's own helper. */
export const queueUrlEnvName = manifest.queueEnvName;

/** Env var carrying a queue's ARN, the target of the one-time schedules that deliver to it. */
export function queueArnEnvName(queueName: string): string {
  return manifest.queueEnvName(queueName).replace(/^QUEUE_URL_/, 'QUEUE_ARN_');
}

/** Construct id for a manifest entry: `ticket-transfer` → `TicketTransfer`. */
export function constructIdFor(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
