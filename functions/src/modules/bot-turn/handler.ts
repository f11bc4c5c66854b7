import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { runBotTurn } from './run-turn.ts';

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
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  for (let index = 0; index < event.Records.length; index += 1) {
    const record = event.Records[index]!;
    const parsed = jobSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      console.error(
        JSON.stringify({ level: 'error', message: 'invalid bot turn dropped', messageId: record.messageId }),
      );
      continue;
    }
    try {
      await runBotTurn(parsed.data);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'bot turn failed',
          messageId: record.messageId,
          error: String(error),
        }),
      );
      return { batchItemFailures: event.Records.slice(index).map((r) => ({ itemIdentifier: r.messageId })) };
    }
  }
  return { batchItemFailures: [] };
};
