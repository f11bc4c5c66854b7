import { getContact } from '#data/contacts';
import { getQueue } from '#data/queues';
import { writeAutomation, type AutomationWrite } from '#data/ticket-automation';
import { getTicket, type TicketRecord } from '#data/tickets';
import { getUser } from '#data/users';
import { completionTexts, plannedTimers } from '#domain/chatbot/automation-plan';
import { acceptGreetingText, ratingRequestText, transferNoticeText } from '#domain/chatbot/texts';
import { minutesAfter, ratingWaitMinutes } from '#domain/chatbot/timers';
import type { TicketAction } from '#domain/ticket-transitions';
import { sendSystemMessage } from '../messages/system-message.ts';
import { loadAutomationContext, type LoadedAutomation } from './automation-context.ts';
import { conversationCleared } from './fire-timer.ts';
import { applyTimerCancels, applyTimerSchedules, timerChanges, type TimerDeadlines } from './ticket-timers.ts';
import { logger } from '#observability/logger';

type Values = NonNullable<AutomationWrite['values']>;

/** The bot stops driving a ticket an agent took, moved or gave back. */
const botEnded: Values = { chatbot: false, botStage: undefined, botOptionId: undefined, botInvalid: undefined };
const ratingCleared: Values = { ratingAt: undefined, ratingUserId: undefined, ratingAsks: undefined };

interface Effects {
  values: Values;
  timers: TimerDeadlines;
  /** Messages to the customer, after the write; `userId` marks the agent's own greeting. */
  texts: { text: string; userId?: number }[];
}

async function plannedEffects(before: TicketRecord, after: TicketRecord, action: TicketAction, actorUserId: number, loaded: LoadedAutomation): Promise<Effects> {
  const { settings, connection, language } = loaded.context;
  const now = new Date();
  const customer = !after.isGroup;
  const texts: Effects['texts'] = [];
  if (after.status === 'closed') {
    const rate = action === 'resolve' && customer && settings.userRating && after.userId !== undefined;
    const ratingAt = minutesAfter(now, ratingWaitMinutes).toISOString();
    if (action === 'resolve' && customer) {
      if (rate) texts.push({ text: ratingRequestText(connection.ratingMessage, language) });
      else texts.push(...completionTexts(connection, false, language).map((text) => ({ text })));
    }
    return {
      values: { ...conversationCleared, ...(rate ? { ratingAt, ratingUserId: after.userId, ratingAsks: 1 } : ratingCleared) },
      timers: { transfer: undefined, expire: undefined, rating: rate ? ratingAt : undefined },
      texts,
    };
  }
  const planned = plannedTimers(after, connection, now);
  if (action === 'accept' && customer && settings.sendGreetingAccepted && after.userId !== undefined) {
    const [contact, user] = await Promise.all([getContact(after.companyId, after.contactId), getUser(after.companyId, after.userId)]);
    if (user) texts.push({ text: acceptGreetingText(contact?.name ?? '', user.name, language), userId: actorUserId });
  }
  if (action === 'transfer' && customer && settings.sendMsgTransfTicket) {
    const toUser = after.userId !== undefined && after.userId !== before.userId ? await getUser(after.companyId, after.userId) : undefined;
    const toQueue = after.queueId !== undefined && after.queueId !== before.queueId ? await getQueue(after.companyId, after.queueId) : undefined;
    texts.push({ text: transferNoticeText({ queueName: toQueue?.name ?? null, userName: toUser?.name ?? null }, language) });
  }
  const transferAt = planned.transfer?.toISOString();
  const expireAt = planned.expire?.toISOString();
  return {
    // The deadlines are recorded with the change: a timer whose deadline the ticket does not hold is stale.
    values: { ...botEnded, ...ratingCleared, transferAt, expireAt },
    timers: { transfer: transferAt, expire: expireAt, rating: undefined },
    texts,
  };
}

function differs(ticket: TicketRecord, values: Values): boolean {
  return Object.entries(values).some(([key, value]) => ticket[key as keyof TicketRecord] !== value);
}

const sameState = (a: TicketRecord, b: TicketRecord) => a.status === b.status && a.userId === b.userId && a.queueId === b.queueId;

/**
 * What follows an agent's change of a ticket (PUT /tickets/{id}; docs/chatbot.md): the bot stops
 * driving it; the timers follow its new state (auto-transfer while pending without queue,
 * inactivity close while open, the rating wait after a resolve); and the customer gets the
 * acceptance greeting, the transfer notice, the rating question or the completion message, as
 * the company's settings say. The ticket has already changed: a failure here is logged rather
 * than answered, and the ticket as it now is returned.
 */
export async function afterTicketChange(before: TicketRecord, after: TicketRecord, action: TicketAction, actorUserId: number): Promise<TicketRecord> {
  try {
    const loaded = await loadAutomationContext(after.companyId, after.whatsappId);
    if (!loaded) return after;
    const effects = await plannedEffects(before, after, action, actorUserId, loaded);
    let ticket: TicketRecord | undefined = after;
    for (let attempt = 0; attempt < 5 && ticket && sameState(ticket, after); attempt += 1) {
      const { schedule, cancel } = timerChanges(ticket, effects.timers);
      if (!differs(ticket, effects.values) && schedule.length === 0 && cancel.length === 0) break;
      await applyTimerSchedules(ticket, schedule);
      const result = await writeAutomation(ticket, { values: effects.values });
      if (result === 'written') {
        await applyTimerCancels(ticket, cancel);
        ticket = await getTicket(after.companyId, after.id);
        break;
      }
      ticket = await getTicket(after.companyId, after.id);
    }
    // Someone moved the ticket again meanwhile: their change has its own effects.
    if (!ticket || !sameState(ticket, after)) return ticket ?? after;
    for (const { text, userId } of effects.texts) await sendSystemMessage(ticket, text, userId ? { userId } : {});
    return effects.texts.length > 0 ? ((await getTicket(after.companyId, after.id)) ?? ticket) : ticket;
  } catch (error) {
    logger.error('ticket change effects failed', { ticketId: after.id, action, error: String(error) });
    return after;
  }
}
