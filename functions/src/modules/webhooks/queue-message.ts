import * as z from 'zod';
import { queuePort } from '#homes/adapters';

/** The queue of delivery attempts (functions/src/manifest.ts). */
export const webhookDeliveriesQueue = 'webhook-deliveries';

/** One attempt of one delivery; `attempt` fences it (data/webhooks.ts, claimAttempt). */
export const deliveryAttemptSchema = z.object({
  companyId: z.number().int().positive(),
  webhookId: z.number().int().positive(),
  deliveryId: z.string().min(1),
  attempt: z.number().int().positive(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export async function enqueueAttempt(attempt: DeliveryAttempt, delaySeconds = 0): Promise<void> {
  const queue = await queuePort();
  await queue.send(webhookDeliveriesQueue, {
    body: JSON.stringify(attempt),
    ...(delaySeconds > 0 ? { delaySeconds } : {}),
  });
}
