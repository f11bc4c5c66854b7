/**
 * The entry of a queue consumer whose records stand alone (timers, scheduled messages, campaign
 * steps, webhook attempts): each body is parsed (one that is not valid can never succeed: logged
 * and dropped) and handled; a record whose handling threw is logged and reported alone, for the
 * queue to deliver it again. One record after another, or all of a batch at once (`concurrent`).
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { observed } from './entry.ts';
import { logger } from './logger.ts';

export interface QueueConsumer<B> {
  /** Names the record in log lines: `invalid <what> dropped`, `<what> failed`. */
  what: string;
  /** The body of a record, or a throw when it is not valid. */
  parse(body: unknown): B;
  handle(body: B, record: SQSRecord, context?: Context): Promise<unknown>;
  /** What the failure's log line says of the record besides its message id. */
  logKeys(body: B): Record<string, unknown>;
  /** All records of a batch at once (each waits on its own work) instead of one after another. */
  concurrent?: boolean;
}

export function queueEntry<B>(consumer: QueueConsumer<B>) {
  return observed(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    const consume = async (record: SQSRecord) => {
      let body: B;
      try {
        body = consumer.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error(`invalid ${consumer.what} dropped`, { sqsMessageId: record.messageId, error: String(error) });
        return;
      }
      try {
        await consumer.handle(body, record, context);
      } catch (error) {
        logger.error(`${consumer.what} failed`, { sqsMessageId: record.messageId, ...consumer.logKeys(body), error: String(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    };
    if (consumer.concurrent) await Promise.all(event.Records.map(consume));
    else for (const record of event.Records) await consume(record);
    return { batchItemFailures: failures };
  });
}
