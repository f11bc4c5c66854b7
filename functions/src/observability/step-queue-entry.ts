/**
 * The entry of a queue of bounded, idempotent steps that each send the next one (company purge,
 * contact-list work): every message's body is parsed (one that is not a step is logged and
 * dropped) and its step run. A step that throws is sent again after a short, growing pause
 * (domain/step-retry.ts) instead of waiting out the queue's long visibility timeout; after the
 * quick retries, or when that send fails, the message is reported failed for the queue to deliver
 * again (its redelivery and dead-letter queue).
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { retryOfFailedStep } from '#domain/step-retry';
import { observed } from './entry.ts';
import { logger } from './logger.ts';

/** When the runtime gives no deadline: the consumer's own timeout is at least this. */
const assumedRemainingMs = 120_000;

export interface StepQueue<B extends { attempt?: number }> {
  /** Names the step in log lines (`<what> failed`, `invalid <what> dropped`). */
  what: string;
  /** The body of a message, or a throw when it is not a step. */
  parse(body: unknown): B;
  /** Runs the step (without its `attempt`: the steps it sends start their own count). */
  run(body: B, remainingMs: number): Promise<unknown>;
  /** Sends a step again, visible after `delaySeconds`. */
  send(body: B, delaySeconds: number): Promise<void>;
  /** What the failure's log line says of the step besides the message id. */
  logKeys(body: B): Record<string, unknown>;
  /** After a failure that is left to the queue (e.g. the last receive gives the work up). */
  afterQueueFailure?(body: B, record: SQSRecord): Promise<void>;
}

export function stepQueueHandler<B extends { attempt?: number }>(queue: StepQueue<B>) {
  return observed(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      let body: B;
      try {
        body = queue.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error(`invalid ${queue.what} dropped`, { sqsMessageId: record.messageId, error: String(error) });
        continue;
      }
      try {
        const step = { ...body };
        delete step.attempt;
        await queue.run(step, context?.getRemainingTimeInMillis?.() ?? assumedRemainingMs);
      } catch (error) {
        const retry = retryOfFailedStep(body);
        logger.error(`${queue.what} failed`, {
          sqsMessageId: record.messageId,
          ...queue.logKeys(body),
          attempt: body.attempt ?? 0,
          retryInSeconds: retry?.delaySeconds,
          error: String(error),
        });
        try {
          if (!retry) throw new Error('out of quick retries');
          await queue.send(retry.body, retry.delaySeconds);
        } catch {
          failures.push({ itemIdentifier: record.messageId });
          await queue.afterQueueFailure?.(body, record);
        }
      }
    }
    return { batchItemFailures: failures };
  });
}
