import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDefinition } from '../../functions/src/manifest.ts';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { AppFunction, type FunctionCodeSource } from './lambda-function.ts';
import type { OperationalAlarms } from './operational-alarms.ts';

interface WorkQueueProps {
  stage: DeploymentStage;
  definition: QueueDefinition;
  code: FunctionCodeSource;
  alarms: OperationalAlarms;
}

/**
 * One queue of the manifest with its consumer: a message that fails `maxReceiveCount` times
 * moves to the dead-letter queue, which raises an alarm. The consumer reports failed messages
 * one by one, so the rest of a batch is not received again.
 */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly consumer: AppFunction;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    const { definition } = props;
    ({ queue: this.queue, deadLetters: this.deadLetters } = createRedrivenQueue(this, {
      name: definition.name,
      fifo: definition.fifo,
      // Senders (and EventBridge Scheduler, which cannot set an id) may omit a deduplication id.
      contentBasedDeduplication: definition.fifo,
      visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
      maxReceiveCount: definition.maxReceiveCount,
      alarms: props.alarms,
    }));
    this.consumer = new AppFunction(this, 'Consumer', {
      bundleName: definition.consumer.name,
      stage: props.stage,
      code: props.code,
      timeout: Duration.seconds(consumerTimeoutSeconds(definition.visibilityTimeoutSeconds)),
    });
    this.consumer.lambda.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: definition.consumer.batchSize,
        reportBatchItemFailures: true,
      }),
    );
  }
}

export interface RedrivenQueueProps {
  /** The manifest's queue name, for the alarm's description. */
  name: string;
  fifo: boolean;
  /** FIFO only: deduplicate by a hash of the body when a sender gives no deduplication id. */
  contentBasedDeduplication: boolean;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
  alarms: OperationalAlarms;
}

/**
 * A queue of the manifest in `scope` (children `Queue`, `DeadLetters`, `DeadLettersAlarm`): SSE,
 * TLS only, and a message received `maxReceiveCount` times moves to a dead-letter queue of the
 * same kind, kept 14 days, whose depth raises an alarm.
 */
export function createRedrivenQueue(
  scope: Construct,
  props: RedrivenQueueProps,
): { queue: Queue; deadLetters: Queue } {
  const fifo = props.fifo ? { fifo: true } : {};
  const deadLetters = new Queue(scope, 'DeadLetters', {
    ...fifo,
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(scope, 'Queue', {
    ...fifo,
    ...(props.fifo && { contentBasedDeduplication: props.contentBasedDeduplication }),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(props.visibilityTimeoutSeconds),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: props.maxReceiveCount },
  });
  props.alarms.alarmOnWaitingMessages(
    scope,
    'DeadLettersAlarm',
    deadLetters,
    `Messages of the ${props.name} queue failed ${props.maxReceiveCount} times and wait in its dead-letter queue.`,
  );
  return { queue, deadLetters };
}

/**
 * AWS advises a visibility timeout of six times the consumer's timeout, so a message is not
 * received again while its first attempt (with the function's own retries on throttling) runs.
 */
function consumerTimeoutSeconds(visibilityTimeoutSeconds: number): number {
  return Math.min(900, Math.max(1, Math.floor(visibilityTimeoutSeconds / 6)));
}

/** Every queue of the manifest, by logical queue name. */
export class WorkQueues extends Construct {
  readonly queues = new Map<string, WorkQueue>();

  constructor(
    scope: Construct,
    id: string,
    props: Omit<WorkQueueProps, 'definition'> & { definitions: AppManifest['queues'] },
  ) {
    super(scope, id);
    for (const definition of props.definitions) {
      this.queues.set(
        definition.name,
        new WorkQueue(this, constructIdFor(definition.name), { ...props, definition }),
      );
    }
  }
}
