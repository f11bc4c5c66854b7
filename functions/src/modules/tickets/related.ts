import { getContacts } from '#data/contacts';
import { queueRefsByIds } from '#data/queues';
import { tagsOfTickets } from '#data/tags';
import type { TicketRecord } from '#data/tickets';
import { listCompanyUsers } from '#data/users';
import { listWhatsapps } from '#data/whatsapps';
import { publicTicket } from './serialize.ts';

/** Tickets with their contact, connection, user, queue and tags, read together for a whole page. */
export async function withRelated(companyId: number, tickets: TicketRecord[]) {
  const [contacts, whatsapps, users, tags, queues] = await Promise.all([
    getContacts(companyId, tickets.map((t) => t.contactId)),
    listWhatsapps(companyId),
    tickets.some((t) => t.userId) ? listCompanyUsers(companyId) : Promise.resolve([]),
    tagsOfTickets(companyId, tickets.map((t) => t.id)),
    queueRefsByIds(companyId, tickets.flatMap((t) => (t.queueId ? [t.queueId] : []))),
  ]);
  const whatsappById = new Map(whatsapps.map((w) => [w.id, w]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return tickets.map((ticket) =>
    publicTicket(ticket, {
      contact: contacts.get(ticket.contactId),
      whatsapp: whatsappById.get(ticket.whatsappId),
      user: ticket.userId ? userById.get(ticket.userId) : undefined,
      tags: tags.get(ticket.id) ?? [],
      queue: ticket.queueId ? queues.get(ticket.queueId) : undefined,
    }),
  );
}
