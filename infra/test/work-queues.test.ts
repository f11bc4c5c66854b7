import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { queueArnEnvName, queueUrlEnvName } from '../lib/app-manifest.ts';
import {
  codeWithStubs,
  manifestWithQueues,
  ownFunctions,
  synthesize,
  type Synthesized,
} from './synthesize.ts';

/** A manifest with a FIFO and a standard queue, synthesized once. */
let synthesized: Synthesized;

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  synthesized = synthesize({ manifest: manifestWithQueues, functionCode: codeWithStubs });
});

const fifoQueue = () => synthesized.stack.workQueues.queues.get('test-outbound')!;
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  synthesized.stack.getLogicalId(construct.node.defaultChild as never);

describe('work queues', () => {
  it('makes a FIFO queue, with content-based deduplication, that redrives to a FIFO dead-letter queue', () => {
    const { template } = synthesized;
    const { queue, deadLetters } = fifoQueue();
    const queues = template.findResources('AWS::SQS::Queue');
    expect(queues[logicalId(queue)]?.Properties).toMatchObject({
      FifoQueue: true,
      ContentBasedDeduplication: true,
      VisibilityTimeout: 180,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(deadLetters), 'Arn'] },
        maxReceiveCount: 4,
      },
    });
    expect(queues[logicalId(deadLetters)]?.Properties).toMatchObject({
      FifoQueue: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('keeps a standard queue standard', () => {
    const { queue } = synthesized.stack.workQueues.queues.get('test-timers')!;
    const properties = synthesized.template.findResources('AWS::SQS::Queue')[logicalId(queue)]?.Properties;
    expect(properties?.FifoQueue).toBeUndefined();
    expect(properties?.RedrivePolicy).toMatchObject({ maxReceiveCount: 3 });
  });

  it('alarms on the dead-letter queue depth', () => {
    synthesized.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(fifoQueue().deadLetters), 'QueueName'] } },
      ],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: Match.anyValue() }],
    });
  });

  it('feeds the consumer in batches that report item failures, within the visibility timeout', () => {
    const { template } = synthesized;
    const { queue, consumer } = fifoQueue();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(queue), 'Arn'] },
      FunctionName: { Ref: logicalId(consumer.lambda) },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const timeout =
      template.findResources('AWS::Lambda::Function')[logicalId(consumer.lambda)]?.Properties.Timeout;
    expect(timeout * 6).toBeLessThanOrEqual(180);
  });

  it('tells every function but the deploy-time tasks and the authorizers where each queue is', () => {
    const { template, stack } = synthesized;
    const { queue } = fifoQueue();
    // The external API's authorizer only reads the table (infra/lib/external-api-usage.ts).
    const taskIds = [...stack.tasks.functions.values(), ...stack.restApi.authorizerFunctions.values()].map(
      (fn) => logicalId(fn.lambda),
    );
    const functions = Object.entries(ownFunctions(template))
      .filter(([id]) => !taskIds.includes(id))
      .map(([, fn]) => fn);
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties.Environment?.Variables).toMatchObject({
        [queueUrlEnvName('test-outbound')]: { Ref: logicalId(queue) },
        [queueArnEnvName('test-outbound')]: { 'Fn::GetAtt': [logicalId(queue), 'Arn'] },
      });
    }
  });
});

describe('one-time schedules', () => {
  it('has a schedule group and a role EventBridge Scheduler assumes to send to the queues', () => {
    const { template, stack } = synthesized;
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const roleId = logicalId(stack.schedules.deliveryRole);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Resource: Match.arrayWith([{ 'Fn::GetAtt': [logicalId(fifoQueue().queue), 'Arn'] }]),
          }),
        ]),
      },
    });
  });

  it('lets the functions create schedules in the group and pass the delivery role', () => {
    const { template, stack } = synthesized;
    const consumer = fifoQueue().consumer;
    const fn = template.findResources('AWS::Lambda::Function')[logicalId(consumer.lambda)];
    expect(fn?.Properties.Environment.Variables).toMatchObject({
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [logicalId(stack.schedules.deliveryRole), 'Arn'] },
      SCHEDULER_GROUP_NAME: stack.schedules.group.scheduleGroupName,
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']),
          }),
          Match.objectLike({ Action: 'iam:PassRole' }),
        ]),
      },
    });
  });
});
