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
    const fifo = definition.fifo ? { fifo: true } : {};
    this.deadLetters = new Queue(this, 'DeadLetters', {
      ...fifo,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      ...fifo,
      // Senders (and EventBridge Scheduler, which cannot set an id) may omit a deduplication id.
      ...(definition.fifo && { contentBasedDeduplication: true }),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: definition.maxReceiveCount },
    });
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
    props.alarms.alarmOnWaitingMessages(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      `Messages of the ${definition.name} queue failed ${definition.maxReceiveCount} times and wait in its dead-letter queue.`,
    );
  }
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
