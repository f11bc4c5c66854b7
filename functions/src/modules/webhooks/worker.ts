import { attemptDelivery } from './deliver.ts';
import { deliveryAttemptSchema } from './queue-message.ts';
import { queueEntry } from '#observability/queue-entry';

/**
 * Consumer of the `webhook-deliveries` queue: one attempt per message, all of a batch at once
 * (each waits on a different receiver). Retries of failed deliveries are the attempts' own
 * delayed messages; a message fails here only when the table or the queue did, and is delivered
 * again (the claim makes that harmless).
 */
export const handler = queueEntry({
  what: 'webhook attempt',
  parse: (body) => deliveryAttemptSchema.parse(body),
  handle: (attempt) => attemptDelivery(attempt),
  logKeys: (attempt) => ({ deliveryId: attempt.deliveryId }),
  concurrent: true,
});
