import type { ContactRecord } from '#data/contacts';
import { writeAutomation, type AutomationWrite, type TimelineEntry } from '#data/ticket-automation';
import { getTicket, type TicketRecord } from '#data/tickets';
import { planInbound, type AutomationContext, type InboundPlan } from '#domain/chatbot/automation-plan';
import { derivedMessageId, dispatchSystemMessages, resendUnsent, systemMessageItems } from '../messages/system-message.ts';
import { loadBotData } from '../timers/automation-context.ts';
import { applyTimerCancels, applyTimerSchedules, timerChanges, type TimerDeadlines } from '../timers/ticket-timers.ts';

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
export function automationWrite(ticket: TicketRecord, plan: InboundPlan, timers: TimerDeadlines): AutomationWrite {
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

/**
 * The automation step of one customer message (docs/chatbot.md), run when the message was
 * stored with the ticket's `botPendingId` set to it, or again when the message is redelivered
 * and the mark is still there (the previous run stopped before writing). The mark is cleared in
 * the same transaction that records the step, so a message is answered at most once; a
 * redelivery after that only re-sends replies that were stored but never handed over.
 * `known`: the ticket as storing the message left it; the first attempt decides from it instead
 * of reading it again (the step's write is guarded by the ticket's status, user, queue, bot
 * version and pending mark, so a ticket changed meanwhile fails it and the next attempt reads).
 */
export async function runInboundAutomation(
  ticketId: number,
  cause: InboundCause,
  contact: ContactRecord,
  context: AutomationContext,
  outcome: 'stored' | 'duplicate',
  known?: TicketRecord,
): Promise<void> {
  const ids = replyIds(cause);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const ticket = attempt === 0 && known?.id === ticketId ? known : await getTicket(cause.companyId, ticketId);
    if (!ticket) return;
    if (ticket.botPendingId !== cause.messageId) {
      if (outcome === 'duplicate') await resendUnsent(ticket, contact, ids);
      return;
    }
    const now = new Date();
    const plan = planInbound(ticket, cause.text, context, await loadBotData(ticket, context, cause.text), now);
    const timers: TimerDeadlines = plan.timers
      ? { transfer: plan.timers.transfer?.toISOString(), expire: plan.timers.expire?.toISOString() }
      : plan.rating && plan.rating.kind !== 'reask'
        ? { rating: undefined }
        : {};
    const { schedule, cancel } = timerChanges(ticket, timers);
    await applyTimerSchedules(ticket, schedule);
    const messages = systemMessageItems(ticket, contact, plan.replies, ids, cause.timestamp);
    const write = { ...automationWrite(ticket, plan, timers), messages, pendingId: cause.messageId };
    const result = await writeAutomation(ticket, write);
    if (result === 'conflict') continue; // an agent or another step changed the ticket: decide again
    if (result === 'duplicate') {
      await resendUnsent(ticket, contact, ids);
      return;
    }
    await applyTimerCancels(ticket, cancel);
    await dispatchSystemMessages(ticket, contact, messages);
    return;
  }
  throw new Error(`automation of message ${cause.messageId}: ticket ${ticketId} kept changing`);
}
