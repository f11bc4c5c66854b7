import type { ContactRecord } from '#data/contacts';
import { writeAutomation, type AutomationWrite, type TimelineEntry } from '#data/ticket-automation';
import { getTicket, type TicketRecord } from '#data/tickets';
import { botRunState, botSourceOf, botTakesMessage } from '#domain/bot-turn-rules';
import {
  planInbound,
  type AutomationContext,
  type BotData,
  type InboundPlan,
} from '#domain/chatbot/automation-plan';
import {
  derivedMessageId,
  dispatchSystemMessages,
  resendUnsent,
  systemMessageItems,
  withMenus,
} from '../messages/system-message.ts';
import { loadBotData } from '../timers/automation-context.ts';
import {
  applyTimerCancels,
  applyTimerSchedules,
  timerChanges,
  type TimerDeadlines,
} from '../timers/ticket-timers.ts';

/** The inbound message the automation step answers. */
export interface InboundCause {
  companyId: number;
  messageId: string;
  text: string;
  /** Its WhatsApp time: the replies are stored right after it. */
  timestamp: string;
}

/** Ids of the replies to one inbound message: the same on every run of its step. */
export function replyIds(cause: Pick<InboundCause, 'companyId' | 'messageId'>) {
  return (index: number) => derivedMessageId(cause.companyId, `in:${cause.messageId}`, index);
}

/** The ticket write one plan asks for (bot state, queue move, rating, out-of-hours mark, timers). */
export function automationWrite(
  ticket: TicketRecord,
  plan: InboundPlan,
  timers: TimerDeadlines,
): AutomationWrite {
  const values: NonNullable<AutomationWrite['values']> = {};
  const events: TimelineEntry[] = [];
  let move: AutomationWrite['move'];
  if (plan.bot) {
    const { state, chatbot } = plan.bot;
    Object.assign(values, {
      chatbot,
      botStage: state.stage,
      botOptionId: state.stage === 'options' ? state.optionId : undefined,
      botInvalid: state.invalid > 0 ? state.invalid : undefined,
      botUses: state.uses > 0 ? state.uses : undefined,
      botUsesSince: state.usesSince,
    });
  }
  if (plan.outOfHoursPeriod) values.outOfHoursPeriod = plan.outOfHoursPeriod;
  if (ticket.status === 'pending' && plan.queueId !== ticket.queueId) {
    move = { queueId: plan.queueId ?? null };
    events.push({
      action: 'chatbot-queue',
      fromStatus: ticket.status,
      toStatus: ticket.status,
      ...(ticket.queueId !== undefined ? { fromQueueId: ticket.queueId } : {}),
      ...(plan.queueId !== undefined ? { toQueueId: plan.queueId } : {}),
    });
  }
  if (plan.rating) {
    if (plan.rating.kind === 'reask') values.ratingAsks = 2;
    else Object.assign(values, { ratingAt: undefined, ratingUserId: undefined, ratingAsks: undefined });
    if (plan.rating.kind === 'rated') {
      events.push({
        action: 'rating',
        rating: plan.rating.rating,
        fromStatus: ticket.status,
        toStatus: ticket.status,
        ...(plan.rating.ratedUserId !== undefined ? { ratedUserId: plan.rating.ratedUserId } : {}),
      });
    }
  }
  if ('transfer' in timers) values.transferAt = timers.transfer;
  if ('expire' in timers) values.expireAt = timers.expire;
  return { ...(move ? { move } : {}), values, events };
}

/** The ticket as a written step leaves it (what the ingest judges the bot turn on). */
export function ticketAfter(ticket: TicketRecord, write: AutomationWrite): TicketRecord {
  const after: Record<string, unknown> = { ...ticket, botVersion: (ticket.botVersion ?? 0) + 1 };
  for (const [key, value] of Object.entries(write.values ?? {})) {
    if (value === undefined) delete after[key];
    else after[key] = value;
  }
  for (const key of ['status', 'queueId', 'userId'] as const) {
    const value = write.move?.[key];
    if (value === null) delete after[key];
    else if (value !== undefined) after[key] = value;
  }
  if (write.pendingId !== undefined) delete after.botPendingId;
  return after as TicketRecord;
}

/**
 * When the step leaves the ticket in a queue whose bot takes this very message (a connection with
 * one queue placing the first message), the same write records that the bot runs the ticket, so
 * a redelivery after a restart still hands the message to it (bot-turn: a running bot takes
 * redelivered messages; its reply ids keep the answer single).
 */
function withBotRunning(ticket: TicketRecord, write: AutomationWrite, data: BotData): AutomationWrite {
  const after = ticketAfter(ticket, write);
  if (after.queueId === undefined || botRunState(after) !== 'idle' || !botTakesMessage(ticket, after))
    return write;
  const source = botSourceOf(after, data.queueBots?.(after.queueId), undefined);
  if (!source) return write;
  return {
    ...write,
    values: {
      ...write.values,
      useIntegration: true,
      ...(source.kind === 'prompt' ? { promptId: source.id } : { integrationId: source.id }),
    },
  };
}

/**
 * The automation step of one customer message (docs/chatbot.md), run when the message was
 * stored with the ticket's `botPendingId` set to it, or again when the message is redelivered
 * and the mark is still there (the previous run stopped before writing). The mark is cleared in
 * the same transaction that records the step, so a message is answered at most once; a
 * redelivery after that only re-sends replies that were stored but never handed over.
 * `known`: the ticket as storing the message left it; the first attempt decides from it instead
 * of reading it again (the step's write is guarded by the ticket's status, user, queue, bot
 * version and pending mark, so a ticket changed meanwhile fails it and the next attempt reads).
 * Answers the ticket as this run's write left it, with the bots of the queues the step read (so
 * handing the message to a bot reads no queue again), or undefined when no step was written now.
 */
export async function runInboundAutomation(
  ticketId: number,
  cause: InboundCause,
  contact: ContactRecord,
  context: AutomationContext,
  outcome: 'stored' | 'duplicate',
  known?: TicketRecord,
): Promise<{ ticket: TicketRecord; queueBots: BotData['queueBots'] } | undefined> {
  const ids = replyIds(cause);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const ticket =
      attempt === 0 && known?.id === ticketId ? known : await getTicket(cause.companyId, ticketId);
    if (!ticket) return undefined;
    if (ticket.botPendingId !== cause.messageId) {
      if (outcome === 'duplicate') await resendUnsent(ticket, contact, ids);
      return undefined;
    }
    const now = new Date();
    const data = await loadBotData(ticket, context, cause.text);
    const plan = planInbound(ticket, cause.text, context, data, now);
    const timers: TimerDeadlines = plan.timers
      ? { transfer: plan.timers.transfer?.toISOString(), expire: plan.timers.expire?.toISOString() }
      : plan.rating && plan.rating.kind !== 'reask'
        ? { rating: undefined }
        : {};
    const { schedule, cancel } = timerChanges(ticket, timers);
    await applyTimerSchedules(ticket, schedule);
    const messages = withMenus(systemMessageItems(ticket, contact, plan.replies, ids, cause.timestamp), plan.menus, contact);
    const write = withBotRunning(
      ticket,
      { ...automationWrite(ticket, plan, timers), messages, pendingId: cause.messageId },
      data,
    );
    const result = await writeAutomation(ticket, write);
    if (result === 'conflict') continue; // an agent or another step changed the ticket: decide again
    if (result === 'duplicate') {
      await resendUnsent(ticket, contact, ids);
      return undefined;
    }
    await applyTimerCancels(ticket, cancel);
    await dispatchSystemMessages(ticket, contact, messages);
    return { ticket: ticketAfter(ticket, write), queueBots: data.queueBots };
  }
  throw new Error(`automation of message ${cause.messageId}: ticket ${ticketId} kept changing`);
}
