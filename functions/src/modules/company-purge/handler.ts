import { companyPurgeBodySchema } from '#domain/company-purge-plan';
import { stepQueueHandler } from '#observability/step-queue-entry';
import { sendPurgeStep } from './enqueue.ts';
import { runPurgeStep } from './purge-step.ts';

/**
 * Consumer of the `company-purge` queue: each message is one bounded step of a company's purge
 * (purge-step.ts), which sends the next one itself. A failed step is sent again after a short
 * pause (every step is idempotent; retryOfFailedStep); after a few attempts, or when that send
 * fails, it is reported alone for the queue to deliver again. A body that is not a purge step is
 * logged and dropped (observability/step-queue-entry.ts).
 */
export const handler = stepQueueHandler({
  what: 'purge step',
  parse: (body) => companyPurgeBodySchema.parse(body),
  run: runPurgeStep,
  send: sendPurgeStep,
  logKeys: (body) => ({ companyId: body.companyId, round: body.round }),
});
