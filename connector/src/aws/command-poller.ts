/**
 * The Fargate task's consumer of the connector-commands FIFO queue: long polls (20 s, up to 10
 * messages), hands each batch to the connector, deletes what succeeded and leaves the failures
 * to come back after their visibility timeout (FIFO keeps their group blocked meanwhile, so
 * order holds). A few pollers run side by side so one slow connection does not hold the others.
 */
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { backoffDelay } from '../backoff.ts';
import type { Logger } from '../ports.ts';
import type { SqsBatchResponseLike, SqsEventLike } from '../sqs-event.ts';

export interface CommandPollerOptions {
  sqs: Pick<SQSClient, 'send'>;
  queueUrl: string;
  handle: (event: SqsEventLike) => Promise<SqsBatchResponseLike>;
  log: Logger;
  pollers?: number;
  waitTimeSeconds?: number;
  /** The queue's visibility timeout: renewed every half of it while a batch is in hand. */
  visibilityTimeoutSeconds?: number;
  /** The longest a batch is kept in hand: past it, its visibility is no longer renewed. */
  maxBatchSeconds?: number;
}

export interface CommandPoller {
  /** Epoch ms of the last completed receive (or start): the health check's heartbeat. */
  lastBeat(): number;
  /** Stops receiving, waits for batches in hand. */
  stop(): Promise<void>;
}

export function startCommandPoller(options: CommandPollerOptions): CommandPoller {
  const abort = new AbortController();
  let beat = Date.now();
  let stopping = false;

  /** A wait that a stop cuts short. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const loop = async () => {
    let failures = 0;
    while (!stopping) {
      let messages: Message[];
      try {
        const received = await options.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: options.waitTimeSeconds ?? 20,
            MessageSystemAttributeNames: ['MessageGroupId', 'ApproximateReceiveCount', 'SentTimestamp'],
          }),
          { abortSignal: abort.signal },
        );
        messages = received.Messages ?? [];
        beat = Date.now();
        failures = 0;
      } catch (error) {
        if (stopping) return;
        failures += 1;
        options.log.error('receiving connector commands failed', { error, failures });
        await pause(backoffDelay(failures, { baseMs: 500, capMs: 20_000 }, Math.random) + 200);
        continue;
      }
      if (messages.length === 0) continue;
      await handleBatch(messages);
    }
  };

  const handleBatch = async (messages: Message[]) => {
    const event: SqsEventLike = {
      Records: messages.map((message) => ({
        messageId: message.MessageId ?? '',
        body: message.Body ?? '',
        attributes: {
          MessageGroupId: message.Attributes?.MessageGroupId,
          ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount,
        },
      })),
    };
    let failed: Set<string>;
    const keepInHand = holdVisibility(messages);
    try {
      const response = await options.handle(event);
      failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      options.log.error('connector command batch failed', { error });
      return;
    } finally {
      keepInHand.stop();
    }
    const done = messages.filter(
      (message) => message.MessageId && message.ReceiptHandle && !failed.has(message.MessageId),
    );
    if (done.length === 0) return;
    try {
      const result = await options.sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: options.queueUrl,
          Entries: done.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle!,
          })),
        }),
      );
      if (result.Failed?.length)
        options.log.warn('some handled commands were not deleted', { failed: result.Failed });
    } catch (error) {
      // They come back and are carried out again: every command is idempotent.
      options.log.error('deleting handled commands failed', { error });
    }
  };

  /**
   * While a batch is worked on, its messages stay invisible: without this a batch slower than the
   * visibility timeout (sends to a slow WhatsApp) is received again by another poller and its
   * commands run twice side by side. Renewed up to maxBatchSeconds, then left to expire.
   */
  const holdVisibility = (messages: Message[]) => {
    const visibility = options.visibilityTimeoutSeconds ?? 60;
    const deadline = Date.now() + (options.maxBatchSeconds ?? 300) * 1000;
    const handles = messages.filter((message) => message.ReceiptHandle);
    const timer = setInterval(
      () => {
        if (Date.now() + visibility * 1000 > deadline) {
          clearInterval(timer);
          return;
        }
        options.sqs
          .send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: options.queueUrl,
              Entries: handles.map((message, index) => ({
                Id: String(index),
                ReceiptHandle: message.ReceiptHandle!,
                VisibilityTimeout: visibility,
              })),
            }),
          )
          .catch((error: unknown) => options.log.warn("renewing a batch's visibility failed", { error }));
      },
      (visibility * 1000) / 2,
    );
    timer.unref();
    return { stop: () => clearInterval(timer) };
  };

  const running = Array.from({ length: options.pollers ?? 4 }, () =>
    loop().catch((error: unknown) => options.log.error('command poller crashed', { error })),
  );

  return {
    lastBeat: () => beat,
    async stop() {
      stopping = true;
      abort.abort();
      await Promise.all(running);
    },
  };
}
