import { getQueue } from '#data/queues';
import type { TicketRecord } from '#data/tickets';
import { botMayAnswer, botRunState, botSourceOf } from '#domain/bot-turn-rules';
import { queuePort } from '#homes/adapters';
import type { BotTurnJob } from './run-turn.ts';

export const botTurnsQueue = 'bot-turns';

/**
 * Which queues run a bot, per container for a few seconds: the ingest asks for every customer
 * message of a pending ticket in a queue, and a queue's prompt or integration rarely changes.
 */
const queueBots = new Map<
  string,
  { at: number; bots: { promptId?: number; integrationId?: number } | undefined }
>();
const queueBotsMs = 5_000;

async function botsOfQueue(
  companyId: number,
  queueId: number,
  /** The queue's bots as just read by the caller: they are what is kept, and nothing is read. */
  fresh?: { promptId?: number; integrationId?: number },
) {
  const key = `${companyId}:${queueId}`;
  const cached = queueBots.get(key);
  if (!fresh && cached && Date.now() - cached.at < queueBotsMs) return cached.bots;
  const queue = fresh ? undefined : await getQueue(companyId, queueId);
  const bots =
    fresh ??
    (queue
      ? {
          ...(queue.promptId !== undefined ? { promptId: queue.promptId } : {}),
          ...(queue.integrationId !== undefined ? { integrationId: queue.integrationId } : {}),
        }
      : undefined);
  queueBots.set(key, { at: Date.now(), bots });
  if (queueBots.size > 10_000) queueBots.delete(queueBots.keys().next().value!);
  return bots;
}

/**
 * Hands a customer's message to the bot turn when a bot answers its ticket: the ticket (as it
 * was when the message arrived) is pending without an agent, and a bot runs it or its queue (or,
 * without a queue, its connection) has a prompt or an integration. The job's deduplication id is
 * the message's, so a redelivered message within five minutes makes no second job; after that,
 * the turn's reply ids make a second job answer nothing.
 */
export async function handToBot(
  ticket: TicketRecord,
  connection: { promptId?: number; integrationId?: number },
  messageId: string,
  /** The queues' bots as the caller has just read them (the chatbot's step): no queue read then. */
  known?: (queueId: number) => { promptId?: number; integrationId?: number } | undefined,
): Promise<boolean> {
  if (!botMayAnswer(ticket)) return false;
  if (botRunState(ticket) !== 'running') {
    const queue =
      ticket.queueId === undefined
        ? undefined
        : await botsOfQueue(ticket.companyId, ticket.queueId, known?.(ticket.queueId));
    if (!botSourceOf(ticket, queue, connection)) return false;
  }
  const job: BotTurnJob = { companyId: ticket.companyId, ticketId: ticket.id, messageId };
  await (
    await queuePort()
  ).send(botTurnsQueue, {
    body: JSON.stringify(job),
    groupId: `${ticket.companyId}:${ticket.id}`,
    deduplicationId: `${ticket.companyId}:${messageId}`,
  });
  return true;
}
