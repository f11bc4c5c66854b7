import type { EntityItem } from 'electrodb';
import { messageEntity } from './message-entity.ts';
import { isConditionFailure } from './sessions.ts';
import { messageTokens } from '#domain/message-tokens';
import { ticketEntity, ticketTokenEntity } from './ticket-entity.ts';
import { idsWithTokenPrefix } from './token-index.ts';
import { activityUpdate, getTicket } from './tickets.ts';
import { writeAll } from './transaction.ts';

export type MessageRecord = EntityItem<typeof messageEntity>;
type NewMessage = Omit<MessageRecord, 'updatedAt'>;

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
export async function storeMessageOnce(
  message: NewMessage,
  ticketUpdate: {
    lastMessage: string;
    lastMessageAt: string;
    countUnread: boolean;
    /** A customer message the automation must still handle (data/ticket-automation.ts clears it). */
    botPendingId?: string;
  },
): Promise<'stored' | 'duplicate'> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const ticket = await getTicket(message.companyId, message.ticketId);
    if (!ticket) throw new Error(`ticket ${message.companyId}/${message.ticketId} not found for message ${message.id}`);
    try {
      await writeAll(
        { message: messageEntity, ticket: ticketEntity, token: ticketTokenEntity },
        ({ message: messages, ticket: tickets, token }) => {
          const update = tickets
            .update({ companyId: message.companyId, id: message.ticketId })
            .set({
              lastMessage: ticketUpdate.lastMessage,
              lastMessageAt: ticketUpdate.lastMessageAt,
              ...activityUpdate(ticket, ticketUpdate.lastMessageAt),
              ...(ticketUpdate.botPendingId ? { botPendingId: ticketUpdate.botPendingId } : {}),
            });
          const counted = ticketUpdate.countUnread ? update.add({ unreadMessages: 1 }) : update;
          return [
            messages.create(message).commit(),
            counted
              .where((attributes, { eq, notExists }) =>
                [
                  eq(attributes.status, ticket.status),
                  ticket.userId === undefined ? notExists(attributes.userId) : eq(attributes.userId, ticket.userId),
                  ticket.queueId === undefined ? notExists(attributes.queueId) : eq(attributes.queueId, ticket.queueId),
                ].join(' AND '),
              )
              .commit(),
            ...messageTokens(message.body ?? '').map((t) => token.put({ companyId: message.companyId, token: t, ticketId: message.ticketId }).commit()),
          ];
        },
        ['ERR_CREATING_MESSAGE', 'ERR_TICKET_CONFLICT'],
      );
      return 'stored';
    } catch (error) {
      if (error instanceof Error && error.message === 'ERR_CREATING_MESSAGE') return 'duplicate';
      if (error instanceof Error && error.message === 'ERR_TICKET_CONFLICT') continue;
      throw error;
    }
  }
  throw new Error(`message ${message.id}: its ticket kept changing`);
}

/** AP-MS-3: raise a message's ack; an older or repeated ack changes nothing. */
export async function raiseAck(companyId: number, id: string, ack: number): Promise<boolean> {
  try {
    await messageEntity
      .patch({ companyId, id })
      .set({ ack })
      .where((attributes, { lt, notExists }) => `${notExists(attributes.ack)} OR ${lt(attributes.ack, ack)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** AP-MS-4: mark a message edited with its new text, or deleted for everyone. */
export async function changeMessage(
  companyId: number,
  id: string,
  change: { body: string; isEdited: true } | { isDeleted: true },
): Promise<boolean> {
  try {
    await messageEntity.patch({ companyId, id }).set(change).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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

/** AP-MS-6: ids of the tickets with a message word starting with `prefix` (ticket search). */
export function ticketIdsWithToken(companyId: number, prefix: string, limit: number): Promise<number[]> {
  return idsWithTokenPrefix(`C#${companyId}#TSEARCH`, prefix, 'ticketId', limit);
}
