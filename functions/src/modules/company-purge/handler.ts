import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { companyPurgeBodySchema, retryOfFailedStep } from '#domain/company-purge-plan';
import { sendPurgeStep } from './enqueue.ts';
import { runPurgeStep } from './purge-step.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/** When the runtime gives no deadline: the consumer's own timeout is at least this. */
const assumedRemainingMs = 120_000;

/**
 * Consumer of the `company-purge` queue: each message is one bounded step of a company's purge
 * (purge-step.ts), which sends the next one itself. A failed step is sent again after a short
 * pause (every step is idempotent; retryOfFailedStep); after a few attempts, or when that send
 * fails, it is reported alone for the queue to deliver again. A body that is not a purge step is
 * logged and dropped.
 */
export const handler = observed(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let body;
    try {
      body = companyPurgeBodySchema.parse(JSON.parse(record.body));
    } catch (error) {
      logger.error('invalid purge step dropped', { sqsMessageId: record.messageId, error: String(error) });
      continue;
    }
    try {
      await runPurgeStep(body, context?.getRemainingTimeInMillis?.() ?? assumedRemainingMs);
    } catch (error) {
      const retry = retryOfFailedStep(body);
      logger.error('purge step failed', { sqsMessageId: record.messageId, companyId: body.companyId, round: body.round, attempt: body.attempt ?? 0, retryInSeconds: retry?.delaySeconds, error: String(error) });
      try {
        if (!retry) throw new Error('out of quick retries');
        await sendPurgeStep(retry.body, retry.delaySeconds);
      } catch {
        failures.push({ itemIdentifier: record.messageId });
      }
    }
  }
  return { batchItemFailures: failures };
});
