import type { EntityItem } from 'electrodb';
import { messageEntity } from './message-entity.ts';
import { isConditionFailure } from './sessions.ts';
import { ticketEntity } from './ticket-entity.ts';
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
 * message, unread count). A redelivered message fails the put's condition and changes nothing.
 */
export async function storeMessageOnce(
  message: NewMessage,
  ticketUpdate: { lastMessage: string; lastMessageAt: string; countUnread: boolean },
): Promise<'stored' | 'duplicate'> {
  try {
    await writeAll(
      { message: messageEntity, ticket: ticketEntity },
      ({ message: messages, ticket }) => [
        messages.create(message).commit(),
        ticketUpdate.countUnread
          ? ticket
              .update({ companyId: message.companyId, id: message.ticketId })
              .set({ lastMessage: ticketUpdate.lastMessage, lastMessageAt: ticketUpdate.lastMessageAt })
              .add({ unreadMessages: 1 })
              .commit()
          : ticket
              .update({ companyId: message.companyId, id: message.ticketId })
              .set({ lastMessage: ticketUpdate.lastMessage, lastMessageAt: ticketUpdate.lastMessageAt })
              .commit(),
      ],
      ['ERR_CREATING_MESSAGE'],
    );
    return 'stored';
  } catch (error) {
    if (error instanceof Error && error.message === 'ERR_CREATING_MESSAGE') return 'duplicate';
    throw error;
  }
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
