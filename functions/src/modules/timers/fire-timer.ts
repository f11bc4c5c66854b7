import { getContact } from '#data/contacts';
import { getQueue } from '#data/queues';
import { writeAutomation, type AutomationWrite } from '#data/ticket-automation';
import { getTicket, type TicketRecord } from '#data/tickets';
import { completionTexts } from '#domain/chatbot/automation-plan';
import { transferNoticeText } from '#domain/chatbot/texts';
import { timerAttribute, timerVerdict, type TicketTimerBody } from '#domain/chatbot/timers';
import { derivedMessageId, dispatchSystemMessages, resendUnsent, systemMessageItems } from '../messages/system-message.ts';
import { loadAutomationContext, type LoadedAutomation } from './automation-context.ts';
import { scheduleTicketTimer } from './ticket-timers.ts';

/** Everything the bot and the timers keep about a conversation, cleared when it ends. */
export const conversationCleared: NonNullable<AutomationWrite['values']> = {
  chatbot: false,
  botStage: undefined,
  botOptionId: undefined,
  botInvalid: undefined,
  botUses: undefined,
  botUsesSince: undefined,
  outOfHoursPeriod: undefined,
  transferAt: undefined,
  expireAt: undefined,
};

/** Ids of the messages a timer sends: the same for every delivery of that timer version. */
function timerMessageIds(ticket: Pick<TicketRecord, 'companyId' | 'id'>, kind: TicketTimerBody['kind'], at: string) {
  return (index: number) => derivedMessageId(ticket.companyId, `timer:${ticket.id}:${kind}:${at}`, index);
}

/** What a due timer does to its ticket, or undefined when the ticket is no longer in the state it was set for. */
async function plannedEffect(
  body: TicketTimerBody,
  ticket: TicketRecord,
  loaded: LoadedAutomation,
): Promise<{ write: AutomationWrite; texts: string[] } | undefined> {
  const { connection, settings, language } = loaded.context;
  switch (body.kind) {
    case 'transfer': {
      if (ticket.status !== 'pending' || ticket.userId !== undefined || ticket.queueId !== undefined) return undefined;
      if (!((connection.timeToTransfer ?? 0) > 0)) return undefined;
      const target = connection.transferQueueId ? await getQueue(ticket.companyId, connection.transferQueueId) : undefined;
      if (!target) return undefined;
      return {
        write: {
          move: { queueId: target.id },
          values: { chatbot: false, botStage: undefined, botOptionId: undefined, botInvalid: undefined, transferAt: undefined },
          events: [{ action: 'auto-transfer', fromStatus: 'pending', toStatus: 'pending', toQueueId: target.id }],
        },
        texts: settings.sendMsgTransfTicket && !ticket.isGroup ? [transferNoticeText({ queueName: target.name }, language)] : [],
      };
    }
    case 'expire': {
      if (ticket.status !== 'open' || !((connection.expiresTicket ?? 0) > 0)) return undefined;
      return {
        write: {
          move: { status: 'closed' },
          values: { ...conversationCleared, ratingAt: undefined, ratingUserId: undefined, ratingAsks: undefined },
          events: [
            {
              action: 'expire',
              fromStatus: 'open',
              toStatus: 'closed',
              ...(ticket.userId !== undefined ? { fromUserId: ticket.userId, toUserId: ticket.userId } : {}),
              ...(ticket.queueId !== undefined ? { fromQueueId: ticket.queueId, toQueueId: ticket.queueId } : {}),
            },
          ],
        },
        texts: connection.expiresInactiveMessage?.trim() && !ticket.isGroup ? [connection.expiresInactiveMessage.trim()] : [],
      };
    }
    case 'rating': {
      if (ticket.status !== 'closed') return undefined;
      // No answer in time: the wait ends without a rating, and the conversation with its completion message.
      return { write: { values: { ratingAt: undefined, ratingUserId: undefined, ratingAsks: undefined } }, texts: completionTexts(connection, false, language) };
    }
  }
}

/**
 * A ticket timer fell due (modules/timers/handler.ts). It acts only if the ticket still holds
 * the deadline it was set for (`timerVerdict`) and is still in the state the timer is about;
 * the change, its timeline entry and its message are one guarded write, so a timer delivered
 * twice acts once.
 */
export async function fireTicketTimer(body: TicketTimerBody): Promise<'done' | 'stale' | 'moved'> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const ticket = await getTicket(body.companyId, body.ticketId);
    if (!ticket) return 'stale';
    const recorded = ticket[timerAttribute[body.kind]];
    const verdict = timerVerdict(body, recorded, new Date());
    if (verdict === 'stale') {
      // Perhaps this very timer acted and stopped before handing its message over: send it now.
      await resendUnsent(ticket, undefined, timerMessageIds(ticket, body.kind, body.at));
      return 'stale';
    }
    if (verdict === 'reschedule') {
      await scheduleTicketTimer(ticket, body.kind, recorded!);
      return 'moved';
    }
    const loaded = await loadAutomationContext(ticket.companyId, ticket.whatsappId);
    const effect = loaded ? await plannedEffect(body, ticket, loaded) : undefined;
    // Out of the timer's state (or no longer configured): it only forgets its deadline.
    const write: AutomationWrite = effect?.write ?? { values: { [timerAttribute[body.kind]]: undefined } };
    const contact = effect && effect.texts.length > 0 ? await getContact(ticket.companyId, ticket.contactId) : undefined;
    const messages = systemMessageItems(ticket, contact, effect?.texts ?? [], timerMessageIds(ticket, body.kind, recorded!));
    const result = await writeAutomation(ticket, { ...write, messages });
    if (result === 'conflict') continue;
    if (result === 'written') await dispatchSystemMessages(ticket, contact, messages);
    return 'done';
  }
  throw new Error(`timer ${body.kind} of ticket ${body.ticketId}: the ticket kept changing`);
}
