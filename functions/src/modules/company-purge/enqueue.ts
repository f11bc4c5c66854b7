import type { CompanyPurgeBody } from '#domain/company-purge-plan';
import { queuePort } from '#homes/adapters';

/** The manifest queue that drives a company purge (consumer: modules/company-purge/handler.ts). */
export const companyPurgeQueue = 'company-purge';

/** Sends the purge step of `round`, visible after `delaySeconds`. */
export async function enqueuePurgeStep(companyId: number, round: number, delaySeconds = 0): Promise<void> {
  await sendPurgeStep({ type: 'companyPurge', companyId, round }, delaySeconds);
}

/** Sends a purge step message as it is (a failed step's retry keeps its attempt count). */
export async function sendPurgeStep(body: CompanyPurgeBody, delaySeconds = 0): Promise<void> {
  const queue = await queuePort();
  await queue.send(companyPurgeQueue, { body: JSON.stringify(body), ...(delaySeconds > 0 ? { delaySeconds } : {}) });
}
