import type { EntityItem } from 'electrodb';
import type { messageEntity } from './message-entity.ts';
import type { ticketTokenEntity } from './ticket-entity.ts';
import { messageSearchItems } from './ticket-search.ts';
import type { TransactionWriter } from './transaction.ts';

/**
 * A new message's items, apart from data/messages.ts so a ticket created holding its first
 * message (data/tickets.ts, data/inbound-chat.ts) writes them without importing the messages
 * module, which reads tickets.
 */
export type MessageRecord = EntityItem<typeof messageEntity>;
export type NewMessage = Omit<MessageRecord, 'updatedAt'>;

/** The ticket part of storing a message (AP-MS-2). */
export interface TicketMessageUpdate {
  lastMessage: string;
  lastMessageAt: string;
  countUnread: boolean;
  /** A customer message the automation must still handle (data/ticket-automation.ts clears it). */
  botPendingId?: string;
}

/**
 * The writes that store a new message: the message, created only if its id is new (first: a
 * failed condition means a duplicate), and its words in its ticket's search partition.
 */
export function newMessageWrites(
  entities: { message: TransactionWriter<typeof messageEntity>; token: TransactionWriter<typeof ticketTokenEntity> },
  message: NewMessage,
  /** Items the transaction still holds for the message and its words (fewer words when short). */
  room = transactionItemLimit,
) {
  return [
    entities.message.create(message).commit(),
    ...messageSearchItems(entities, message.companyId, message.ticketId, message.body ?? '', room - 1),
  ];
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const transactionItemLimit = 100;
