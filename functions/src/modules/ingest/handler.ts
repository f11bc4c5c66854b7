import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ingestEvent } from './ingest-event.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';
import { withCorrelation } from '#observability/correlation';
import { countMetric, metricNames } from '#observability/metrics';

/**
 * Consumer of the inbound FIFO queue. Records of one chat arrive in order; when one fails, it
 * and every later record of the batch are reported, so the retry keeps the order. A record that
 * is not a valid event can never succeed: it is logged and dropped rather than blocking its chat.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  for (let index = 0; index < event.Records.length; index += 1) {
    const record = event.Records[index]!;
    let parsed;
    try {
      parsed = inboundEventSchema.parse(JSON.parse(record.body));
    } catch (error) {
      logger.error('invalid inbound event dropped', { sqsMessageId: record.messageId, error: String(error) });
      continue;
    }
    try {
      const event = parsed;
      await withCorrelation(
        { companyId: event.companyId, messageId: 'messageId' in event ? event.messageId : undefined },
        () => ingestEvent(event),
      );
      if (event.kind === 'message' && !event.fromMe)
        countMetric(metricNames.messagesIn, { companyId: event.companyId, connectionId: event.whatsappId });
    } catch (error) {
      logger.error('ingest failed', { sqsMessageId: record.messageId, error: String(error) });
      return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: r.messageId })) };
    }
  }
  return { batchItemFailures: [] };
});
