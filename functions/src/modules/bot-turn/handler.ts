import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { runBotTurn } from './run-turn.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

const jobSchema = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  messageId: z.string().min(1),
});

/**
 * Consumer of the bot-turns FIFO queue (one group per ticket): each customer message a bot
 * answers, in the chat's order, off the ingest path so a slow provider holds only its own chat.
 * A failed record and the later ones of the batch are reported, so the retry keeps the order.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  for (let index = 0; index < event.Records.length; index += 1) {
    const record = event.Records[index]!;
    const parsed = jobSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      logger.error('invalid bot turn dropped', { sqsMessageId: record.messageId });
      continue;
    }
    try {
      await runBotTurn(parsed.data);
    } catch (error) {
      logger.error('bot turn failed', { sqsMessageId: record.messageId, error: String(error) });
      return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: r.messageId })) };
    }
  }
  return { batchItemFailures: [] };
});
