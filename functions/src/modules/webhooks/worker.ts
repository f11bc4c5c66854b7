import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { attemptDelivery } from './deliver.ts';
import { deliveryAttemptSchema } from './queue-message.ts';

/**
 * Consumer of the `webhook-deliveries` queue: one attempt per message, all of a batch at once
 * (each waits on a different receiver). Retries of failed deliveries are the attempts' own
 * delayed messages; a message fails here only when the table or the queue did, and is delivered
 * again (the claim makes that harmless).
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const results = await Promise.all(
    event.Records.map(async (record) => {
      let attempt;
      try {
        attempt = deliveryAttemptSchema.parse(JSON.parse(record.body));
      } catch (error) {
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'invalid webhook attempt dropped',
            messageId: record.messageId,
            error: String(error),
          }),
        );
        return undefined;
      }
      try {
        await attemptDelivery(attempt);
        return undefined;
      } catch (error) {
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'webhook attempt failed to run',
            messageId: record.messageId,
            deliveryId: attempt.deliveryId,
            error: String(error),
          }),
        );
        return { itemIdentifier: record.messageId };
      }
    }),
  );
  return { batchItemFailures: results.filter((failure) => failure !== undefined) };
};
