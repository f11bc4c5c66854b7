import { getItems, itemRef } from '#data/batch-get';
import { contactEntity } from '#data/contact-entity';
import type { ContactRecord } from '#data/contacts';
import { ticketListCountRef } from '#data/dashboard-aggregates';
import { directoryVersionRef } from '#data/directory-version';
import { tagIdsOfTickets } from '#data/tags';
import type { TicketRecord } from '#data/tickets';
import { publicTicket } from './serialize.ts';
import { ticketDirectory } from './ticket-directory.ts';

/**
 * A page of tickets with their contact, connection, user, queue and tags: the contacts, the
 * company's directory version and the list counters the caller asks for in one BatchGet, the tag
 * ids from the tickets themselves, the names from the directory kept per container. A page costs
 * one call whatever its length (AP-CT-x, AP-CO-9, AP-TK-15 together).
 */
export async function relatedPage(companyId: number, tickets: TicketRecord[], options: { counters?: readonly string[] } = {}) {
  const counterPartitions = options.counters ?? [];
  if (tickets.length === 0 && counterPartitions.length === 0) return { tickets: [], counters: [] as number[] };
  const contactIds = [...new Set(tickets.map((t) => t.contactId))];
  const batch = getItems([
    directoryVersionRef(companyId),
    ...counterPartitions.map((partition) => ticketListCountRef(companyId, partition)),
    ...contactIds.map((id) => itemRef(contactEntity, { companyId, id })),
  ]);
  batch.catch(() => undefined);
  const tagIds = await tagIdsOfTickets(companyId, tickets);
  const [version, ...rest] = (await batch) as [number | undefined, ...unknown[]];
  const counters = rest.slice(0, counterPartitions.length).map((count) => (count as number | undefined) ?? 0);
  const contacts = new Map<number, ContactRecord>();
  for (const contact of rest.slice(counterPartitions.length) as (ContactRecord | undefined)[]) if (contact) contacts.set(contact.id, contact);
  if (tickets.length === 0) return { tickets: [], counters };
  const directory = await ticketDirectory(
    companyId,
    {
      whatsappIds: tickets.map((t) => t.whatsappId),
      userIds: tickets.flatMap((t) => (t.userId ? [t.userId] : [])),
      queueIds: tickets.flatMap((t) => (t.queueId ? [t.queueId] : [])),
      tagIds: [...tagIds.values()].flat(),
    },
    version ?? 0,
  );
  const shown = tickets.map((ticket) => {
    const ids = new Set(tagIds.get(ticket.id) ?? []);
    return publicTicket(ticket, {
      contact: contacts.get(ticket.contactId),
      whatsapp: directory.whatsapps.get(ticket.whatsappId),
      user: ticket.userId ? directory.users.get(ticket.userId) : undefined,
      tags: directory.tags.filter((tag) => ids.has(tag.id)),
      queue: ticket.queueId ? directory.queues.get(ticket.queueId) : undefined,
    });
  });
  return { tickets: shown, counters };
}

/** Tickets as the lists, the chat and the live events show them (see relatedPage). */
export async function withRelated(companyId: number, tickets: TicketRecord[]) {
  return (await relatedPage(companyId, tickets)).tickets;
}
