import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ServiceQueueDefinition } from '../../functions/src/manifest.ts';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { OperationalAlarms } from './operational-alarms.ts';
import { createRedrivenQueue } from './work-queues.ts';

/**
 * A queue of the manifest that a long-running service (the connector) consumes instead of a
 * Lambda: the same queue, dead-letter queue and alarm as a work queue, without an event source.
 * A FIFO one has no content-based deduplication: its producers always send a deduplication id
 * (a command's `commandId`), and no one-time schedule delivers to it, so a send without an id
 * is a bug that SQS refuses rather than one that silently merges two identical commands.
 */
export class ServiceQueue extends Construct {
  readonly definition: ServiceQueueDefinition;
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: { definition: ServiceQueueDefinition; alarms: OperationalAlarms },
  ) {
    super(scope, id);
    const { definition } = props;
    this.definition = definition;
    ({ queue: this.queue, deadLetters: this.deadLetters } = createRedrivenQueue(this, {
      name: definition.name,
      fifo: definition.fifo,
      contentBasedDeduplication: false,
      visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
      maxReceiveCount: definition.maxReceiveCount,
      alarms: props.alarms,
    }));
  }
}

/** Every service queue of the manifest, by logical queue name. */
export class ServiceQueues extends Construct {
  readonly queues = new Map<string, ServiceQueue>();

  constructor(
    scope: Construct,
    id: string,
    props: { definitions: AppManifest['serviceQueues']; alarms: OperationalAlarms },
  ) {
    super(scope, id);
    for (const definition of props.definitions) {
      this.queues.set(
        definition.name,
        new ServiceQueue(this, constructIdFor(definition.name), { definition, alarms: props.alarms }),
      );
    }
  }

  /** The queues the given service consumes. */
  consumedBy(service: ServiceQueueDefinition['service']): ServiceQueue[] {
    return [...this.queues.values()].filter((serviceQueue) => serviceQueue.definition.service === service);
  }
}
