import type { QueueRef } from '#data/queues';
import type { ListedTicket } from '#data/tickets';

/** A ticket's contact as shown: the contact itself or the ticket's snapshot of it. */
export interface ShownContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
  isGroup?: boolean | null;
  /** `number` holds a LID (the number is not known yet). */
  lidOnly?: boolean | null;
}

/** Something shown by its name (a ticket's connection, its user). */
interface NamedRef {
  id: number;
  name: string;
}

/** A ticket as the list and the chat show it, with its contact, connection and user. */
export function publicTicket(
  ticket: ListedTicket,
  related: { contact?: ShownContact; whatsapp?: NamedRef; user?: NamedRef; tags?: unknown[]; queue?: QueueRef },
) {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    contactId: ticket.contactId,
    contact: related.contact
      ? {
          id: related.contact.id,
          name: related.contact.name,
          number: related.contact.number,
          profilePicUrl: related.contact.profilePicUrl ?? null,
          ...(related.contact.lidOnly ? { lidOnly: true } : {}),
          isGroup: related.contact.isGroup ?? false,
        }
      : null,
    whatsappId: ticket.whatsappId,
    whatsapp: related.whatsapp ? { id: related.whatsapp.id, name: related.whatsapp.name } : null,
    queueId: ticket.queueId ?? null,
    // A queue deleted since (closed tickets keep its id as history) shows as no queue.
    queue: related.queue ?? null,
    userId: ticket.userId ?? null,
    user: related.user ? { id: related.user.id, name: related.user.name } : null,
    lastMessage: ticket.lastMessage ?? '',
    lastMessageAt: ticket.lastMessageAt ?? null,
    unreadMessages: ticket.unreadMessages ?? 0,
    isGroup: ticket.isGroup ?? false,
    chatbot: ticket.chatbot ?? false,
    // Whether a bot (AI prompt or queue integration) answers the ticket, and which (core §3 Ticket).
    useIntegration: ticket.useIntegration ?? false,
    promptId: ticket.promptId ?? null,
    integrationId: ticket.integrationId ?? null,
    tags: related.tags ?? [],
    createdAt: ticket.createdAt,
    updatedAt: ticket.activityAt ?? ticket.updatedAt,
  };
}
