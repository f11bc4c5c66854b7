import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { queueEnvName } from '../manifest.ts';
import type { SchedulerPort } from '#ports/scheduler';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

const client = new SchedulerClient({ logger: sdkLogger });

/** EventBridge Scheduler expresses one-time schedules as at(yyyy-mm-ddThh:mm:ss) in UTC. */
export function atExpression(at: Date): string {
  return `at(${at.toISOString().slice(0, 19)})`;
}

/**
 * One-time timers as EventBridge Scheduler schedules that deliver their body to a queue and
 * delete themselves after running. Scheduling an existing name moves it.
 */
export const schedulerTimers: SchedulerPort = {
  async schedule(timer) {
    const input: CreateScheduleCommandInput = {
      Name: timer.name,
      GroupName: requireEnv('SCHEDULER_GROUP_NAME'),
      ScheduleExpression: atExpression(timer.at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: requireEnv(queueEnvName(timer.queueName).replace('QUEUE_URL_', 'QUEUE_ARN_')),
        RoleArn: requireEnv('SCHEDULER_ROLE_ARN'),
        Input: timer.body,
      },
    };
    try {
      await client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
      await client.send(new UpdateScheduleCommand(input));
    }
  },
  async cancel(name) {
    try {
      await client.send(new DeleteScheduleCommand({ Name: name, GroupName: requireEnv('SCHEDULER_GROUP_NAME') }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  },
};
