import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { RecurringSchedule } from '../../functions/src/manifest.ts';
import { constructIdFor } from './app-manifest.ts';
import type { OneTimeSchedules } from './one-time-schedules.ts';
import type { WorkQueue } from './work-queues.ts';

/**
 * The manifest's recurring schedules (e.g. the invoice run): EventBridge Scheduler schedules in
 * the product's group that deliver their body to a work queue with the timers' delivery role.
 * Deliveries that keep failing go to the queue's dead-letter queue. The local runtime's
 * scheduler stand-in reads the same manifest entries (infra/local/src/local-scheduler.ts).
 */
export class RecurringSchedules extends Construct {
  constructor(
    scope: Construct,
    id: string,
    props: {
      definitions: readonly RecurringSchedule[];
      queues: ReadonlyMap<string, WorkQueue>;
      schedules: OneTimeSchedules;
    },
  ) {
    super(scope, id);
    for (const definition of props.definitions) {
      const target = props.queues.get(definition.queueName);
      if (!target)
        throw new Error(`recurring schedule ${definition.name}: no work queue ${definition.queueName}`);
      if (target.queue.fifo)
        throw new Error(`recurring schedule ${definition.name}: FIFO targets need a group id`);
      target.deadLetters.grantSendMessages(props.schedules.deliveryRole);
      new CfnSchedule(this, constructIdFor(definition.name), {
        groupName: props.schedules.group.scheduleGroupName,
        description: `Recurring ${definition.name} (functions/src/manifest.ts)`,
        scheduleExpression: definition.expression,
        flexibleTimeWindow: { mode: 'OFF' },
        target: {
          arn: target.queue.queueArn,
          roleArn: props.schedules.deliveryRole.roleArn,
          input: definition.body,
          retryPolicy: { maximumRetryAttempts: 10, maximumEventAgeInSeconds: 3600 },
          deadLetterConfig: { arn: target.deadLetters.queueArn },
        },
      });
    }
  }
}
