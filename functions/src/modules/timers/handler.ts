import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ticketTimerBodySchema } from '#domain/chatbot/timers';
import { fireTicketTimer } from './fire-timer.ts';
import { connectionSilenceBodySchema, fireSilenceWatch } from '../connection-health/silence.ts';
import { logger } from '#observability/logger';
import { keysOfBody, observed } from '#observability/entry';
import { withCorrelation } from '#observability/correlation';

/**
 * Consumer of the `timers` queue: one-time schedules (EventBridge Scheduler, or the local
 * runtime's stand-in) deliver a ticket timer's body here when it falls due (docs/chatbot.md).
 * Each timer is handled on its own; a failed one is reported alone and delivered again (the
 * handling is idempotent). A body that is not a timer can never succeed: logged and dropped.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let body;
    try {
      const parsed: unknown = JSON.parse(record.body);
      // A connection's silence watch (connection-health/silence.ts) shares the queue.
      const silence = connectionSilenceBodySchema.safeParse(parsed);
      if (silence.success) {
        try {
          await fireSilenceWatch(silence.data);
        } catch (error) {
          logger.error('silence watch failed', { sqsMessageId: record.messageId, error: String(error) });
          failures.push({ itemIdentifier: record.messageId });
        }
        continue;
      }
      body = ticketTimerBodySchema.parse(parsed);
    } catch (error) {
      logger.error('invalid timer dropped', { sqsMessageId: record.messageId, error: String(error) });
      continue;
    }
    try {
      const timer = body;
      await withCorrelation(keysOfBody(timer), () => fireTicketTimer(timer));
    } catch (error) {
      logger.error('timer failed', { sqsMessageId: record.messageId, kind: body.kind, ticketId: body.ticketId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
