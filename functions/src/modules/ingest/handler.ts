import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ingestEvent } from './ingest-event.ts';

/**
 * Consumer of the inbound FIFO queue. Records of one chat arrive in order; when one fails, it
 * and every later record of the batch are reported, so the retry keeps the order. A record that
 * is not a valid event can never succeed: it is logged and dropped rather than blocking its chat.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  for (let index = 0; index < event.Records.length; index += 1) {
    const record = event.Records[index]!;
    let parsed;
    try {
      parsed = inboundEventSchema.parse(JSON.parse(record.body));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'invalid inbound event dropped', messageId: record.messageId, error: String(error) }));
      continue;
    }
    try {
      await ingestEvent(parsed);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'ingest failed', messageId: record.messageId, error: String(error) }));
      return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: r.messageId })) };
    }
  }
  return { batchItemFailures: [] };
};
