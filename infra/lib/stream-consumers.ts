import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { streamConsumerFilterPatterns } from '../../functions/src/live/stream-filter.ts';
import { constructIdFor, type AppManifest } from './app-manifest.ts';
import type { DeploymentStage } from './deployment-stage.ts';
import { AppFunction, type FunctionCodeSource } from './lambda-function.ts';
import { acknowledgeRule, acknowledgeWildcardResource } from './nag.ts';
import type { OperationalAlarms } from './operational-alarms.ts';

export interface StreamConsumersProps {
  stage: DeploymentStage;
  consumers: AppManifest['streamConsumers'];
  table: ITable;
  code: FunctionCodeSource;
  alarms: OperationalAlarms;
}

/**
 * The table stream's consumers. A failing record is retried (the batch split in halves to find
 * it), then skipped with its stream coordinates sent to a failure queue that raises an alarm, so
 * one bad record never stalls the shard. Lambda drops the records no consumer reads before it
 * invokes (functions/src/live/stream-filter.ts). A consumer with a batching window gathers records that
 * long before it is invoked (functions/src/manifest.ts).
 */
export class StreamConsumers extends Construct {
  /** By consumer name. */
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: StreamConsumersProps) {
    super(scope, id);
    for (const consumer of props.consumers) {
      const consumerId = constructIdFor(consumer.name);
      const fn = new AppFunction(this, consumerId, {
        bundleName: consumer.name,
        stage: props.stage,
        code: props.code,
        timeout: Duration.seconds(60),
      });
      const failures = new Queue(this, `${consumerId}Failures`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      fn.lambda.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: consumer.batchSize,
          ...(consumer.batchingWindowSeconds
            ? { maxBatchingWindow: Duration.seconds(consumer.batchingWindowSeconds) }
            : {}),
          // Records no consumer reads (the search tokens, items of no entity) never invoke one.
          filters: streamConsumerFilterPatterns().map((pattern) => FilterCriteria.filter(pattern)),
          bisectBatchOnError: true,
          retryAttempts: 3,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(failures),
        }),
      );
      props.alarms.alarmOnWaitingMessages(
        this,
        `${consumerId}FailuresAlarm`,
        failures,
        `Table stream records the ${consumer.name} consumer gave up on (see the ${consumerId}Failures queue).`,
      );
      this.functions.set(consumer.name, fn);

      acknowledgeRule(
        failures,
        'SQS3',
        'This queue is itself the on-failure destination of a stream consumer; nothing consumes it automatically, so a dead-letter queue behind it would never receive anything.',
      );
      acknowledgeWildcardResource(
        fn,
        '*',
        'Reading the table stream needs dynamodb:ListStreams, which supports no resource-level permissions (the stream reads themselves are limited to this table stream).',
      );
    }
  }
}
