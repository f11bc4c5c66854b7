import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueEnvName } from '../manifest.ts';
import type { QueuePort } from '#ports/queue';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

const client = new SQSClient({ logger: sdkLogger });

/** The product's queues in AWS; their URLs come from QUEUE_URL_<NAME>. */
export const sqsQueue: QueuePort = {
  async send(queueName, message) {
    await client.send(
      new SendMessageCommand({
        QueueUrl: requireEnv(queueEnvName(queueName)),
        MessageBody: message.body,
        MessageGroupId: message.groupId,
        MessageDeduplicationId: message.deduplicationId,
        DelaySeconds: message.delaySeconds,
      }),
    );
  },
};
