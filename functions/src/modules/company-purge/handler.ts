import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { companyPurgeBodySchema } from '#domain/company-purge-plan';
import { runPurgeStep } from './purge-step.ts';

/** When the runtime gives no deadline: the consumer's own timeout is at least this. */
const assumedRemainingMs = 120_000;

/**
 * Consumer of the `company-purge` queue: each message is one bounded step of a company's purge
 * (purge-step.ts), which sends the next one itself. A failed step is reported alone and delivered
 * again (every step is idempotent); a body that is not a purge step is logged and dropped.
 */
export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let body;
    try {
      body = companyPurgeBodySchema.parse(JSON.parse(record.body));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'invalid purge step dropped', messageId: record.messageId, error: String(error) }));
      continue;
    }
    try {
      await runPurgeStep(body, context?.getRemainingTimeInMillis?.() ?? assumedRemainingMs);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'purge step failed', messageId: record.messageId, companyId: body.companyId, round: body.round, error: String(error) }));
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
