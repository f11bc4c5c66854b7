import { getContacts } from '#data/contacts';
import { tagIdsOfTickets } from '#data/tags';
import type { TicketRecord } from '#data/tickets';
import { publicTicket } from './serialize.ts';
import { ticketDirectory } from './ticket-directory.ts';

/**
 * Tickets with their contact, connection, user, queue and tags, for a whole page: the contacts in
 * one BatchGet, the tag ids from the tickets themselves, the names from the company's directory
 * (kept per container for a few seconds). A page costs the same whatever its length.
 */
export async function withRelated(companyId: number, tickets: TicketRecord[]) {
  if (tickets.length === 0) return [];
  const contactsRead = getContacts(companyId, tickets.map((t) => t.contactId));
  contactsRead.catch(() => undefined);
  const tagIds = await tagIdsOfTickets(companyId, tickets);
  const [contacts, directory] = await Promise.all([
    contactsRead,
    ticketDirectory(companyId, {
      whatsappIds: tickets.map((t) => t.whatsappId),
      userIds: tickets.flatMap((t) => (t.userId ? [t.userId] : [])),
      queueIds: tickets.flatMap((t) => (t.queueId ? [t.queueId] : [])),
      tagIds: [...tagIds.values()].flat(),
    }),
  ]);
  return tickets.map((ticket) => {
    const ids = new Set(tagIds.get(ticket.id) ?? []);
    return publicTicket(ticket, {
      contact: contacts.get(ticket.contactId),
      whatsapp: directory.whatsapps.get(ticket.whatsappId),
      user: ticket.userId ? directory.users.get(ticket.userId) : undefined,
      tags: directory.tags.filter((tag) => ids.has(tag.id)),
      queue: ticket.queueId ? directory.queues.get(ticket.queueId) : undefined,
    });
  });
}
