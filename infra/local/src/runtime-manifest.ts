/**
 * What the runtime serves: by default the product's manifest (functions/src/manifest.ts);
 * tests pass their own, with fixture handlers behind it.
 */
import {
  queues,
  recurringSchedules,
  restAuthorizers,
  restModules,
  serviceQueues,
  streamConsumers,
  tasks,
  webSocketApi,
  type RestAuthorizer,
  type Task,
  type QueueDefinition,
  type RecurringSchedule,
  type ServiceQueueDefinition,
  type RestModule,
  type StreamConsumer,
  type WebSocketApi,
} from '../../../functions/src/manifest.ts';
import { streamConsumerFilterPatterns } from '../../../functions/src/live/stream-filter.ts';
import type { FilterPattern } from './lambda-filter.ts';

export type {
  QueueDefinition,
  RecurringSchedule,
  RestAuthorizer,
  RestModule,
  ServiceQueueDefinition,
  StreamConsumer,
  Task,
  WebSocketApi,
};

export interface RuntimeManifest {
  restModules: RestModule[];
  webSocketApi: WebSocketApi;
  streamConsumers: StreamConsumer[];
  queues: QueueDefinition[];
  /** Run once on every start, after the queues are up (AWS runs them once per deploy). */
  tasks?: Task[];
  /** Queues consumed by a long-running service (the connector) rather than a function. */
  serviceQueues?: ServiceQueueDefinition[];
  /** Recurring schedules, declared to the scheduler stand-in on every start. */
  recurringSchedules?: RecurringSchedule[];
  /** API Gateway's Lambda authorizers, which the gateway calls before their method's function. */
  restAuthorizers?: RestAuthorizer[];
  /**
   * The stream consumers' event filter patterns (Lambda's FilterCriteria, the same on every
   * mapping): a record matching none reaches no consumer. Without them every record does.
   */
  streamFilterPatterns?: FilterPattern[];
}

/**
 * Service queues join the local queue like the others; their consumer is the service's name,
 * which the runtime's invoker routes to the in-process service instead of a bundle.
 */
export function allQueues(manifest: RuntimeManifest): QueueDefinition[] {
  return [
    ...manifest.queues,
    ...(manifest.serviceQueues ?? []).map((queue) => ({
      name: queue.name,
      fifo: queue.fifo,
      consumer: { name: queue.service, entry: '', batchSize: queue.batchSize },
      visibilityTimeoutSeconds: queue.visibilityTimeoutSeconds,
      maxReceiveCount: queue.maxReceiveCount,
    })),
  ];
}

export const productManifest: RuntimeManifest = {
  restModules,
  webSocketApi,
  streamConsumers,
  queues,
  tasks,
  serviceQueues,
  recurringSchedules,
  restAuthorizers,
  streamFilterPatterns: streamConsumerFilterPatterns(),
};

/**
 * The REST module of each first path segment after /api, the same rule as the manifest's
 * moduleForPath, computed once so a request costs one Map lookup.
 */
export function restModulesByPrefix(modules: RestModule[]): Map<string, RestModule> {
  const byPrefix = new Map<string, RestModule>();
  for (const module of modules) for (const prefix of module.prefixes) byPrefix.set(prefix, module);
  return byPrefix;
}

export interface FunctionSettings {
  timeoutSeconds?: number;
  memoryMb?: number;
}

/**
 * Every function the manifest invokes, by name, with the limits the CDK stack gives it
 * (infra/lib): REST modules their own or 29 s, the WebSocket handler 29 s, stream consumers
 * 60 s, queue consumers a sixth of their queue's visibility timeout.
 */
export function functionSettings(manifest: RuntimeManifest): Map<string, FunctionSettings> {
  const settings = new Map<string, FunctionSettings>();
  for (const { name, timeoutSeconds, memoryMb } of manifest.restModules)
    settings.set(name, { timeoutSeconds, memoryMb });
  settings.set(manifest.webSocketApi.name, { timeoutSeconds: 29 });
  for (const consumer of manifest.streamConsumers) settings.set(consumer.name, { timeoutSeconds: 60 });
  for (const queue of manifest.queues) {
    settings.set(queue.consumer.name, {
      timeoutSeconds: Math.min(900, Math.max(1, Math.floor(queue.visibilityTimeoutSeconds / 6))),
    });
  }
  // A service is no Lambda: it keeps a batch as long as its poller may renew the batch's
  // visibility (a 10 s cut would hand a slow send to a second run while the first goes on).
  for (const queue of manifest.serviceQueues ?? [])
    settings.set(queue.service, { timeoutSeconds: queue.maxBatchSeconds });
  for (const task of manifest.tasks ?? []) settings.set(task.name, { timeoutSeconds: 120 });
  // API Gateway waits 30 s at most for an authorizer (REST APIs' integration limit).
  for (const authorizer of manifest.restAuthorizers ?? [])
    settings.set(authorizer.name, { timeoutSeconds: 29 });
  return settings;
}
