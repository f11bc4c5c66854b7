import { editOutcome } from '@atende/shared/message-edit';
import { campaignEntity } from './campaign-entity.ts';
import { campaignRunCheck, type CampaignRunGuard } from './campaigns.ts';
import { messageEntity } from './message-entity.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { ticketEntity, ticketTokenEntity } from './ticket-entity.ts';
import { activityUpdate, getTicket, type TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';
import { newMessageWrites, type MessageRecord, type NewMessage, type TicketMessageUpdate } from './message-writes.ts';

export type { MessageRecord, NewMessage, TicketMessageUpdate } from './message-writes.ts';
export { newMessageWrites, transactionItemLimit } from './message-writes.ts';

/** AP-MS-1: a message by its WhatsApp id. */
export async function getMessage(companyId: number, id: string): Promise<MessageRecord | undefined> {
  const { data } = await messageEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-MS-2: store a message exactly once and move its ticket in the same transaction (last
 * message, unread count, activity and list keys). A redelivered message fails the put's condition
 * and changes nothing. The ticket part is guarded by the state it was computed from; if an agent
 * changed the ticket meanwhile, it is read again and the write retried.
 */
export async function storeMessageOnce(message: NewMessage, ticketUpdate: TicketMessageUpdate): Promise<'stored' | 'duplicate'> {
  return (await storeMessageOnTicket(message, ticketUpdate)).outcome;
}

/**
 * AP-MS-2 for a caller that has just read the ticket (strongly consistent) and passes it as
 * `known`: the first attempt is computed from it instead of reading it again. The write's guard
 * (status, user and queue as read) makes that safe: if the ticket changed in between, the
 * attempt fails and the next one reads it. Answers the stored message and the ticket as the
 * write left it (what the next step may start from without reading it back: its guarded and
 * written fields are exact; `unreadMessages`, a counter nobody guards, is the read one plus one).
 */
export async function storeMessageOnTicket(
  message: NewMessage,
  ticketUpdate: TicketMessageUpdate,
  known?: TicketRecord,
  /** A campaign's store: written only while its run is not cancelled (else ERR_CAMPAIGN_STATUS). */
  guard?: CampaignRunGuard,
): Promise<{ outcome: 'stored'; message: MessageRecord; ticket: TicketRecord } | { outcome: 'duplicate' }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const ticket = attempt === 0 && known?.id === message.ticketId ? known : await getTicket(message.companyId, message.ticketId);
    if (!ticket) throw new Error(`ticket ${message.companyId}/${message.ticketId} not found for message ${message.id}`);
    const activity = activityUpdate(ticket, ticketUpdate.lastMessageAt);
    let written: Record<string, unknown> | undefined;
    try {
      await writeAll(
        { message: messageEntity, ticket: ticketEntity, token: ticketTokenEntity, campaign: campaignEntity },
        ({ message: messages, ticket: tickets, token, campaign }) => {
          const update = tickets
            .update({ companyId: message.companyId, id: message.ticketId })
            .set({
              lastMessage: ticketUpdate.lastMessage,
              lastMessageAt: ticketUpdate.lastMessageAt,
              ...activity,
              ...(ticketUpdate.botPendingId ? { botPendingId: ticketUpdate.botPendingId } : {}),
            });
          const counted = ticketUpdate.countUnread ? update.add({ unreadMessages: 1 }) : update;
          const [put, ...tokens] = newMessageWrites({ message: messages, token }, message);
          written = (put as { Put?: { Item?: Record<string, unknown> } }).Put?.Item;
          return [
            put,
            counted
              .where((attributes, { eq, notExists }) =>
                [
                  eq(attributes.status, ticket.status),
                  ticket.userId === undefined ? notExists(attributes.userId) : eq(attributes.userId, ticket.userId),
                  ticket.queueId === undefined ? notExists(attributes.queueId) : eq(attributes.queueId, ticket.queueId),
                ].join(' AND '),
              )
              .commit(),
            // The guard first: its index is fixed whatever the number of token items after it.
            ...(guard ? [campaignRunCheck(campaign, guard)] : []),
            ...tokens,
          ];
        },
        ['ERR_CREATING_MESSAGE', 'ERR_TICKET_CONFLICT', ...(guard ? (['ERR_CAMPAIGN_STATUS'] as const) : [])],
      );
      const stored = messageEntity.parse({ Item: written! }).data as MessageRecord;
      return {
        outcome: 'stored',
        message: stored,
        ticket: {
          ...ticket,
          lastMessage: ticketUpdate.lastMessage,
          lastMessageAt: ticketUpdate.lastMessageAt,
          ...activity,
          ...(ticketUpdate.botPendingId ? { botPendingId: ticketUpdate.botPendingId } : {}),
          unreadMessages: (ticket.unreadMessages ?? 0) + (ticketUpdate.countUnread ? 1 : 0),
          updatedAt: stored.updatedAt,
        },
      };
    } catch (error) {
      if (error instanceof Error && error.message === 'ERR_CREATING_MESSAGE') return { outcome: 'duplicate' };
      if (error instanceof Error && error.message === 'ERR_TICKET_CONFLICT') continue;
      throw error;
    }
  }
  throw new Error(`message ${message.id}: its ticket kept changing`);
}

/** AP-MS-3: raise a message's ack; an older or repeated ack changes nothing. */
export async function raiseAck(companyId: number, id: string, ack: number): Promise<boolean> {
  return writtenIf(() =>
    messageEntity
      .patch({ companyId, id })
      .set({ ack })
      .where((attributes, { lt, notExists }) => `${notExists(attributes.ack)} OR ${lt(attributes.ack, ack)}`)
      .go(),
  );
}

/**
 * AP-MS-8: apply an edit to a message once (a customer's edit from the ingest): the replaced text
 * joins the history, the new one is marked edited. Read, then written on condition that the text
 * is still the one read and the edit's id is not yet there; a concurrent change is read again.
 * Answers false when there was nothing to write (unknown or deleted message, an edit seen before).
 */
export async function applyMessageEdit(
  companyId: number,
  id: string,
  edit: { body: string; at: string; editId: string | undefined },
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await getMessage(companyId, id);
    if (!current) return false;
    const outcome = editOutcome({ ...current, body: current.body ?? '' }, edit);
    if (!outcome) return false;
    try {
      await messageEntity
        .patch({ companyId, id })
        .set({ body: outcome.body, isEdited: true, editedAt: outcome.editedAt })
        .append({ editHistory: [outcome.previous], ...(outcome.editId ? { editIds: [outcome.editId] } : {}) })
        .where((attributes, { eq }) => eq(attributes.body, current.body ?? ''))
        .go();
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error(`message ${companyId}/${id}: its text kept changing under an edit`);
}

/** AP-MS-4: mark a message deleted for everyone (a customer's revoke). */
export async function changeMessage(
  companyId: number,
  id: string,
  change: { isDeleted: true },
): Promise<boolean> {
  return writtenIf(() => messageEntity.patch({ companyId, id }).set(change).go());
}

/**
 * AP-MS-5: a ticket's messages, newest first, one page at a time (the chat loads older pages as
 * the agent scrolls up). `before` is the cursor the previous page returned.
 */
export async function listTicketMessages(
  companyId: number,
  ticketId: number,
  options: { limit: number; cursor?: string | null } = { limit: 40 },
): Promise<{ messages: MessageRecord[]; cursor: string | null }> {
  const { data, cursor } = await messageEntity.query
    .byTicket({ companyId, ticketId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { messages: data, cursor };
}

