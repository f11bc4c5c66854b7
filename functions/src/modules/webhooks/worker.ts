import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { attemptDelivery } from './deliver.ts';
import { deliveryAttemptSchema } from './queue-message.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/**
 * Consumer of the `webhook-deliveries` queue: one attempt per message, all of a batch at once
 * (each waits on a different receiver). Retries of failed deliveries are the attempts' own
 * delayed messages; a message fails here only when the table or the queue did, and is delivered
 * again (the claim makes that harmless).
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const results = await Promise.all(
    event.Records.map(async (record) => {
      let attempt;
      try {
        attempt = deliveryAttemptSchema.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error('invalid webhook attempt dropped', { sqsMessageId: record.messageId, error: String(error) });
        return undefined;
      }
      try {
        await attemptDelivery(attempt);
        return undefined;
      } catch (error) {
        logger.error('webhook attempt failed to run', { sqsMessageId: record.messageId, deliveryId: attempt.deliveryId, error: String(error) });
        return { itemIdentifier: record.messageId };
      }
    }),
  );
  return { batchItemFailures: results.filter((failure) => failure !== undefined) };
});
