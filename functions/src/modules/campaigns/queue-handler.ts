import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { campaignStepSchema } from './dispatch-messages.ts';
import { runStep } from './dispatcher.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/**
 * Consumer of the `campaigns` queue: the steps of campaign runs (dispatcher.ts). Each step is
 * handled alone; a failed one is reported alone and delivered again (every step is fenced, so a
 * repeat does nothing twice). A body that is not a step can never succeed: logged and dropped.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      let step;
      try {
        step = campaignStepSchema.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error('invalid campaign step dropped', { sqsMessageId: record.messageId, error: String(error) });
        return;
      }
      try {
        await runStep(step);
      } catch (error) {
        logger.error('campaign step failed', { kind: step.kind, campaignId: step.campaignId, error: String(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
});
