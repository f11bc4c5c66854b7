/**
 * Pure rules of the bot turn (docs/decisions.md, "AI prompts": the bot turn): whether a bot
 * runs a ticket, which one, and whether a customer message goes to it.
 */

export interface BotTicket {
  status: 'pending' | 'open' | 'closed';
  userId?: number;
  queueId?: number;
  isGroup?: boolean;
  useIntegration?: boolean;
  promptId?: number;
  integrationId?: number;
  /** The chatbot's menu walk (docs/chatbot.md): set while the customer is choosing. */
  botStage?: 'menu' | 'options';
}

/**
 * running: a bot answers the ticket (useIntegration with its prompt or integration); stopped: one
 * ran and handed over (the ids stay until the ticket closes, which clears them); idle: none yet.
 */
export function botRunState(ticket: BotTicket): 'running' | 'stopped' | 'idle' {
  if (ticket.useIntegration === true && (ticket.promptId !== undefined || ticket.integrationId !== undefined))
    return 'running';
  if (ticket.promptId !== undefined || ticket.integrationId !== undefined) return 'stopped';
  return 'idle';
}

/** A ticket a bot may answer now: pending, no agent, not a group, its bot not stopped. */
export function botMayAnswer(ticket: BotTicket): boolean {
  return (
    ticket.status === 'pending' &&
    ticket.userId === undefined &&
    !ticket.isGroup &&
    botRunState(ticket) !== 'stopped'
  );
}

/**
 * Whether a customer's message goes to the ticket's bot, judged on the ticket as the chatbot's
 * step left it (`after`: a connection with one queue has just placed it in that queue) and as
 * the message found it (`before`). A bot already running it takes every message; otherwise a
 * message the chatbot's menu walk took (an answer to the menu or to a queue's options, or the
 * one that started the options) is the chatbot's, and the bot answers from the next one.
 */
export function botTakesMessage(before: BotTicket, after: BotTicket): boolean {
  if (!botMayAnswer(after)) return false;
  if (botRunState(after) === 'running') return true;
  return before.botStage === undefined && after.botStage === undefined;
}

export type BotSource = { kind: 'prompt'; id: number } | { kind: 'integration'; id: number };

/**
 * Which bot a ticket gets: the one running it; else its queue's prompt, else its queue's
 * integration; a ticket without a queue gets its connection's prompt (or integration).
 */
export function botSourceOf(
  ticket: BotTicket,
  queue: { promptId?: number; integrationId?: number } | undefined,
  connection: { promptId?: number; integrationId?: number } | undefined,
): BotSource | undefined {
  if (botRunState(ticket) === 'running') {
    return ticket.promptId !== undefined
      ? { kind: 'prompt', id: ticket.promptId }
      : { kind: 'integration', id: ticket.integrationId! };
  }
  const owner = ticket.queueId !== undefined ? queue : connection;
  if (owner?.promptId !== undefined) return { kind: 'prompt', id: owner.promptId };
  if (owner?.integrationId !== undefined) return { kind: 'integration', id: owner.integrationId };
  return undefined;
}

/**
 * The ticket's last messages as the model reads them: up to `count` of them, oldest first, the
 * message being answered the last one (later messages wait for their own turn); deleted
 * messages left out. `newestFirst` is the ticket's messages as the store lists them.
 */
export function historyUpTo<M extends { id: string; createdAt: string; isDeleted?: boolean }>(
  newestFirst: readonly M[],
  current: { id: string; createdAt: string },
  count: number,
): M[] {
  const upTo = newestFirst.filter(
    (message) =>
      !message.isDeleted &&
      (message.createdAt < current.createdAt ||
        (message.createdAt === current.createdAt && message.id <= current.id) ||
        message.id === current.id),
  );
  return upTo.slice(0, count).reverse();
}
