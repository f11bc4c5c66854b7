import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { DeploymentStage } from './deployment-stage.ts';

/**
 * Alarms that need a person, all notifying one topic (optionally subscribed by e-mail). The
 * topic is not encrypted: CloudWatch cannot publish to a topic under the AWS-managed SNS key,
 * and the notifications hold alarm names and states, no customer data.
 */
export class OperationalAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { stage: DeploymentStage; notifyEmail?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: `atende alarms (${props.stage.name})`,
      enforceSSL: true,
    });
    if (props.notifyEmail) this.topic.addSubscription(new EmailSubscription(props.notifyEmail));
  }

  /** Alarms as soon as a message waits in a queue that should stay empty (a dead-letter or failure queue). */
  alarmOnWaitingMessages(scope: Construct, id: string, queue: IQueue, description: string): Alarm {
    const alarm = new Alarm(scope, id, {
      alarmDescription: description,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // SQS publishes no datapoints for an idle queue; that is the healthy state.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    return this.notify(alarm);
  }

  /**
   * Alarms when a metric that exists only while something runs (a service's CPU utilization)
   * has had no datapoint for `minutes` minutes in a row.
   */
  alarmOnAbsentMetric(
    scope: Construct,
    id: string,
    metric: Metric,
    minutes: number,
    description: string,
  ): Alarm {
    return this.notify(
      new Alarm(scope, id, {
        alarmDescription: description,
        metric: metric.with({ period: Duration.minutes(1), statistic: 'SampleCount' }),
        threshold: 1,
        evaluationPeriods: minutes,
        comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
        // No datapoint is exactly the condition alarmed on.
        treatMissingData: TreatMissingData.BREACHING,
      }),
    );
  }

  private notify(alarm: Alarm): Alarm {
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    return alarm;
  }
}
