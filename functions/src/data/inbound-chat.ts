import { AppError } from '#domain/app-error';
import { contactTokens } from '#domain/contact-tokens';
import { companyEntity } from './company-entity.ts';
import { contactEntity, contactNumberEntity, contactTokenEntity } from './contact-entity.ts';
import { newContactRecord, newContactWrites, type ContactRecord } from './contacts.ts';
import { takeNextId } from './ids.ts';
import { messageEntity } from './message-entity.ts';
import {
  newMessageWrites,
  transactionItemLimit,
  type MessageRecord,
  type NewMessage,
  type TicketMessageUpdate,
} from './messages.ts';
import { ticketCreatedEntity } from './ticket-created-entity.ts';
import {
  contactTicketEntity,
  ticketEntity,
  ticketEventEntity,
  ticketTokenEntity,
  ticketUuidEntity,
} from './ticket-entity.ts';
import { contactSnapshotOf } from './ticket-contact.ts';
import { newTicketSearchItemCount, ticketSearchEntities } from './ticket-search.ts';
import { newTicketItem, newTicketWrites, type TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';

/** The contact and ticket counters as read with the chat (AP-SEQ-4; undefined: no counter yet). */
export interface ChatCounters {
  contact: number | undefined;
  ticket: number | undefined;
}

export interface FirstMessage {
  companyId: number;
  whatsappId: number;
  contact: { number: string; name: string; isGroup: boolean; lidOnly?: boolean };
  /** The message, without the ids this write gives it. */
  message: Omit<NewMessage, 'ticketId' | 'contactId'>;
  ticketUpdate: TicketMessageUpdate;
}

export type FirstMessageResult =
  | { outcome: 'stored'; contact: ContactRecord; ticket: TicketRecord; message: MessageRecord }
  /**
   * A counter moved since it was read (another id was taken), or the transaction kept losing to
   * others on the same items: take the ids with `nextId` and retry.
   */
  | { outcome: 'conflict' }
  /** The number has a contact now (another event created it first), or the message is stored. */
  | { outcome: 'known' };

/**
 * AP-IN-2: a new customer's first message, with its contact and ticket, in one transaction: the
 * two ids taken from the counters as read (no counter call; or taken before, after a conflict),
 * the contact with its number claim,
 * search tokens and the company's count (AP-CT-6's items), the pending ticket with its claim,
 * references and "create" entry (AP-TK-4's items), already holding the message (last message,
 * unread count, the automation's pending mark: AP-MS-2's ticket part), and the message with its
 * search words. All or nothing: a crash before it leaves nothing, after it a redelivery finds the
 * chat and the message stored (AP-MS-2's duplicate). A number claimed meanwhile (two first
 * messages racing) answers `known`, as does a message id already stored.
 */
export async function storeFirstMessage(
  input: FirstMessage,
  /**
   * The counters as read (the ids after them are taken in the transaction, only while the
   * counters still hold those values), or ids already taken from them (`nextId`).
   */
  ids: { counters: ChatCounters } | { contactId: number; ticketId: number },
): Promise<FirstMessageResult> {
  const { companyId, whatsappId } = input;
  const counters = 'counters' in ids ? ids.counters : undefined;
  const contactId = counters ? (counters.contact ?? 0) + 1 : (ids as { contactId: number }).contactId;
  const ticketId = counters ? (counters.ticket ?? 0) + 1 : (ids as { ticketId: number }).ticketId;
  const contactRecord = newContactRecord(companyId, contactId, { ...input.contact, whatsappId });
  const searchContact = { id: contactId, name: contactRecord.name, number: contactRecord.number };
  const at = new Date().toISOString();
  const { ticketUpdate } = input;
  const ticketItem = {
    ...newTicketItem(
      {
        companyId,
        whatsappId,
        contact: searchContact,
        isGroup: input.contact.isGroup,
        status: 'pending',
        contactSnapshot: contactSnapshotOf(contactRecord),
      },
      ticketId,
      at,
    ),
    lastMessage: ticketUpdate.lastMessage,
    lastMessageAt: ticketUpdate.lastMessageAt,
    activityAt: ticketUpdate.lastMessageAt,
    unreadMessages: ticketUpdate.countUnread ? 1 : 0,
    ...(ticketUpdate.botPendingId ? { botPendingId: ticketUpdate.botPendingId } : {}),
  };
  const message: NewMessage = { ...input.message, ticketId, contactId };
  const written: { contact?: unknown; ticket?: unknown; message?: unknown } = {};
  const itemOf = (write: unknown) => (write as { Put?: { Item?: Record<string, unknown> } }).Put?.Item;
  const counterErrors = ['ERR_TICKET_CONFLICT', 'ERR_TICKET_CONFLICT'] as const;
  const contactErrors = ['ERR_DUPLICATED_CONTACT', 'ERR_DUPLICATED_CONTACT'] as const;
  try {
    await writeAll(
      {
        contact: contactEntity,
        contactNumber: contactNumberEntity,
        token: contactTokenEntity,
        company: companyEntity,
        ticket: ticketEntity,
        claim: contactTicketEntity,
        event: ticketEventEntity,
        uuidRef: ticketUuidEntity,
        createdRef: ticketCreatedEntity,
        message: messageEntity,
        ticketToken: ticketTokenEntity,
        ...ticketSearchEntities,
      },
      (entities) => {
        const contactWrites = newContactWrites(entities, contactRecord);
        const ticketWrites = newTicketWrites(entities, ticketItem, undefined, searchContact);
        // The counters, the contact's, the company's count, the claim and the ticket's items
        // first; the message's words take what is left of the transaction's 100 (a group's long
        // subject and number leave fewer than the 40 a message may have).
        const before = (counters ? 2 : 0) + contactWrites.length + 2 + ticketWrites.length;
        const messageWrites = newMessageWrites(
          { message: entities.message, token: entities.ticketToken },
          message,
          transactionItemLimit - before,
        );
        written.contact = itemOf(contactWrites[1]);
        written.ticket = itemOf(ticketWrites[0]);
        written.message = itemOf(messageWrites[0]);
        return [
          // Raw items (the counters are no entity): ElectroDB sends them as they are.
          ...(counters
            ? [
                takeNextId(companyId, 'contact', counters.contact) as never,
                takeNextId(companyId, 'ticket', counters.ticket) as never,
              ]
            : []),
          ...contactWrites,
          entities.company.update({ id: companyId }).add({ contactCount: 1 }).commit(),
          entities.claim.create({ companyId, whatsappId, contactId, ticketId }).commit(),
          ...ticketWrites,
          ...messageWrites,
        ];
      },
      [
        ...(counters ? counterErrors : []),
        ...contactErrors,
        ...contactTokens(contactRecord).map(() => undefined),
        undefined,
        // An id already taken (the counters are the guard; these creates are a second one).
        'ERR_TICKET_CONFLICT',
        'ERR_TICKET_CONFLICT',
        'ERR_TICKET_CONFLICT',
        undefined,
        undefined,
        ...Array.from({ length: newTicketSearchItemCount(searchContact) }, () => undefined),
        'ERR_CREATING_MESSAGE',
      ],
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_TICKET_CONFLICT') return { outcome: 'conflict' };
    if (
      error instanceof AppError &&
      (error.code === 'ERR_DUPLICATED_CONTACT' || error.code === 'ERR_CREATING_MESSAGE')
    )
      return { outcome: 'known' };
    throw error;
  }
  return {
    outcome: 'stored',
    contact: contactEntity.parse({ Item: written.contact as Record<string, unknown> }).data as ContactRecord,
    ticket: ticketEntity.parse({ Item: written.ticket as Record<string, unknown> }).data as TicketRecord,
    message: messageEntity.parse({ Item: written.message as Record<string, unknown> }).data as MessageRecord,
  };
}
