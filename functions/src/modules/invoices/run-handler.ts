import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runInvoices } from './invoice-run.ts';

/**
 * Consumer of the `billing` queue: the recurring `invoice-run` schedule (EventBridge Scheduler,
 * or the local runtime's stand-in) delivers a message here. Any message means "run now"; the run
 * is idempotent, so a duplicate delivery or a retry after a failure creates nothing twice.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const created = await runInvoices(new Date());
      console.log(
        JSON.stringify({ level: 'info', message: 'invoice run', messageId: record.messageId, created }),
      );
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'invoice run failed',
          messageId: record.messageId,
          error: String(error),
        }),
      );
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
