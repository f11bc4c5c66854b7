/** The connector's ports on AWS clients. */
import { hostname } from 'node:os';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { InboundQueuePort, MediaPort } from '../ports.ts';

export function sqsInboundQueue(sqs: Pick<SQSClient, 'send'>, queueUrl: string): InboundQueuePort {
  return {
    async send(message) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: message.body,
          MessageGroupId: message.groupId,
          MessageDeduplicationId: message.deduplicationId,
        }),
      );
    },
  };
}

export function s3Media(s3: Pick<S3Client, 'send'>, bucket: string): MediaPort {
  return {
    async put(key, bytes, contentType, contentDisposition) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ...(contentDisposition ? { ContentDisposition: contentDisposition } : {}),
        }),
      );
    },
    async get(key) {
      const result = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!result.Body) throw new Error(`media ${key} has no body`);
      return {
        bytes: await result.Body.transformToByteArray(),
        ...(result.ContentType ? { contentType: result.ContentType } : {}),
      };
    },
  };
}

/** The ECS task id (from the task metadata endpoint) or the hostname, with the process id. */
export async function holderIdentity(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const metadata = env.ECS_CONTAINER_METADATA_URI_V4;
  if (metadata) {
    try {
      const response = await fetch(`${metadata}/task`, { signal: AbortSignal.timeout(2000) });
      const task = (await response.json()) as { TaskARN?: string };
      const taskId = task.TaskARN?.split('/').pop();
      if (taskId) return `${taskId}:${process.pid}`;
    } catch {
      // Fall back to the hostname (on Fargate it is unique per task as well).
    }
  }
  return `${hostname()}:${process.pid}`;
}
