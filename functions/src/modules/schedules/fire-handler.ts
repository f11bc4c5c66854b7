import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { scheduleTimerBodySchema } from '#domain/schedule-rules';
import { fireSchedule } from './fire.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/** Receives before the queue gives up on a message (the manifest's maxReceiveCount): the last one records ERRO. */
const lastReceive = 5;

/**
 * Consumer of the `scheduled-messages` queue: a schedule's one-time timer (EventBridge
 * Scheduler, or the local runtime's stand-in) delivers here at its send time. Each schedule
 * is handled on its own; a failed one is reported alone and delivered again (the handling is
 * idempotent, docs/decisions.md "Scheduled messages"). A body that is not a schedule timer is
 * logged and dropped.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      let body;
      try {
        body = scheduleTimerBodySchema.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error('invalid schedule timer dropped', { sqsMessageId: record.messageId, error: String(error) });
        return;
      }
      try {
        const lastAttempt = Number(record.attributes?.ApproximateReceiveCount ?? 1) >= lastReceive;
        await fireSchedule(body, { lastAttempt });
      } catch (error) {
        logger.error('schedule timer failed', { sqsMessageId: record.messageId, scheduleId: body.scheduleId, error: String(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
});
