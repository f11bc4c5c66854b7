/**
 * A small SQS for tests, over HTTP with the AWS JSON 1.0 protocol the SDK speaks: FIFO queues
 * with message groups (a group's later messages wait while one of it is in flight), content of a
 * visibility timeout, receive counts, receipt handles that a new receive replaces, and five-minute
 * deduplication by id. Enough for the connector's poller (ReceiveMessage with long polling,
 * DeleteMessageBatch, ChangeMessageVisibilityBatch) and its inbound sends (SendMessage), shared
 * by several connector processes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessage {
  messageId: string;
  body: string;
  groupId: string;
  deduplicationId: string;
  sequence: number;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  receiptHandle: string | null;
  deleted: boolean;
}

export interface FakeQueue {
  name: string;
  visibilityTimeoutSeconds: number;
  messages: FakeMessage[];
  /** Deduplication id → when it was first sent. */
  deduplication: Map<string, number>;
  /** SendMessage calls refused as duplicates (what FIFO deduplication absorbed). */
  duplicatesAbsorbed: number;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const deduplicationWindowMs = 5 * 60_000;

export class FakeSqs {
  private server: Server | undefined;
  private sequence = 0;
  readonly queues = new Map<string, FakeQueue>();
  url = '';

  createQueue(name: string, visibilityTimeoutSeconds: number): string {
    this.queues.set(name, {
      name,
      visibilityTimeoutSeconds,
      messages: [],
      deduplication: new Map(),
      duplicatesAbsorbed: 0,
    });
    return this.queueUrl(name);
  }

  queueUrl(name: string): string {
    return `${this.url}/000000000000/${name}`;
  }

  queue(name: string): FakeQueue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no queue ${name}`);
    return queue;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(
        ({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(JSON.stringify(body));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(JSON.stringify({ __type: 'InternalError', message: String(error) }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Sends as a producer would (the REST modules). */
  send(queueName: string, body: string, groupId: string, deduplicationId: string): void {
    this.enqueue(this.queue(queueName), body, groupId, deduplicationId);
  }

  /** Messages not yet deleted (in flight or waiting). */
  pending(queueName: string): FakeMessage[] {
    return this.queue(queueName).messages.filter((message) => !message.deleted);
  }

  private enqueue(queue: FakeQueue, body: string, groupId: string, deduplicationId: string) {
    const now = Date.now();
    const first = queue.deduplication.get(deduplicationId);
    if (first !== undefined && now - first < deduplicationWindowMs) {
      queue.duplicatesAbsorbed += 1;
      const original = queue.messages.find((message) => message.deduplicationId === deduplicationId);
      return original!;
    }
    queue.deduplication.set(deduplicationId, now);
    const message: FakeMessage = {
      messageId: randomUUID(),
      body,
      groupId,
      deduplicationId,
      sequence: (this.sequence += 1),
      sentAt: now,
      visibleAt: now,
      receiveCount: 0,
      receiptHandle: null,
      deleted: false,
    };
    queue.messages.push(message);
    return message;
  }

  /** Up to `max` messages: the heads of the groups with nothing in flight, in order. */
  private receive(queue: FakeQueue, max: number): FakeMessage[] {
    const now = Date.now();
    const busy = new Set(queue.messages.filter((m) => !m.deleted && m.visibleAt > now).map((m) => m.groupId));
    const taken: FakeMessage[] = [];
    for (const message of queue.messages) {
      if (taken.length >= max) break;
      if (message.deleted || busy.has(message.groupId)) continue;
      taken.push(message);
    }
    for (const message of taken) {
      message.visibleAt = now + queue.visibilityTimeoutSeconds * 1000;
      message.receiveCount += 1;
      message.receiptHandle = randomUUID();
    }
    return taken;
  }

  private async answer(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const action = String(request.headers['x-amz-target'] ?? '').replace('AmazonSQS.', '');
    const name = String(input.QueueUrl ?? '')
      .split('/')
      .pop()!;
    const queue = this.queues.get(name);
    if (!queue)
      return { status: 400, body: { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: name } };
    const byHandle = (handle: unknown) =>
      queue.messages.find((message) => !message.deleted && message.receiptHandle === handle);

    switch (action) {
      case 'SendMessage': {
        const message = this.enqueue(
          queue,
          String(input.MessageBody),
          String(input.MessageGroupId),
          String(input.MessageDeduplicationId),
        );
        return {
          status: 200,
          body: {
            MessageId: message.messageId,
            MD5OfMessageBody: md5(String(input.MessageBody)),
            SequenceNumber: String(message.sequence).padStart(20, '0'),
          },
        };
      }
      case 'ReceiveMessage': {
        const max = Number(input.MaxNumberOfMessages ?? 1);
        const deadline = Date.now() + Number(input.WaitTimeSeconds ?? 0) * 1000;
        let taken = this.receive(queue, max);
        while (taken.length === 0 && Date.now() < deadline && this.server?.listening) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          taken = this.receive(queue, max);
        }
        return {
          status: 200,
          body: {
            Messages: taken.map((message) => ({
              MessageId: message.messageId,
              ReceiptHandle: message.receiptHandle,
              MD5OfBody: md5(message.body),
              Body: message.body,
              Attributes: {
                MessageGroupId: message.groupId,
                MessageDeduplicationId: message.deduplicationId,
                ApproximateReceiveCount: String(message.receiveCount),
                SentTimestamp: String(message.sentAt),
                SequenceNumber: String(message.sequence).padStart(20, '0'),
              },
            })),
          },
        };
      }
      case 'DeleteMessageBatch': {
        const entries = (input.Entries ?? []) as { Id: string; ReceiptHandle: string }[];
        const successful: { Id: string }[] = [];
        const failed: { Id: string; Code: string; SenderFault: boolean }[] = [];
        for (const entry of entries) {
          const message = byHandle(entry.ReceiptHandle);
          if (message) {
            message.deleted = true;
            successful.push({ Id: entry.Id });
          } else {
            failed.push({ Id: entry.Id, Code: 'ReceiptHandleIsInvalid', SenderFault: true });
          }
        }
        return { status: 200, body: { Successful: successful, Failed: failed } };
      }
      case 'ChangeMessageVisibilityBatch': {
        const entries = (input.Entries ?? []) as {
          Id: string;
          ReceiptHandle: string;
          VisibilityTimeout: number;
        }[];
        const successful: { Id: string }[] = [];
        for (const entry of entries) {
          const message = byHandle(entry.ReceiptHandle);
          if (message) message.visibleAt = Date.now() + entry.VisibilityTimeout * 1000;
          successful.push({ Id: entry.Id });
        }
        return { status: 200, body: { Successful: successful, Failed: [] } };
      }
      default:
        return { status: 400, body: { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: action } };
    }
  }
}
