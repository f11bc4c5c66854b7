import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runInvoices } from './invoice-run.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/**
 * Consumer of the `billing` queue: the recurring `invoice-run` schedule (EventBridge Scheduler,
 * or the local runtime's stand-in) delivers a message here. Any message means "run now"; the run
 * is idempotent, so a duplicate delivery or a retry after a failure creates nothing twice.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const created = await runInvoices(new Date());
      logger.info('invoice run', { sqsMessageId: record.messageId, created });
    } catch (error) {
      logger.error('invoice run failed', { sqsMessageId: record.messageId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
