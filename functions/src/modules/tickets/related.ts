import { getItems, itemRef } from '#data/batch-get';
import { contactEntity } from '#data/contact-entity';
import { ticketListCountRef } from '#data/dashboard-aggregates';
import { directoryVersionRef } from '#data/directory-version';
import { tagIdsOfTickets } from '#data/tags';
import type { ListedTicket } from '#data/tickets';
import { publicTicket, type ShownContact } from './serialize.ts';
import { ticketDirectory } from './ticket-directory.ts';

/** What a page needs besides its tickets: the company's directory version and list counters. */
export interface PageHead {
  version: number;
  counters: number[];
}

/**
 * The company's directory version and the counters of `counterPartitions`, in one BatchGet. A
 * list starts it together with its query (neither depends on the other), so a page of tickets
 * carrying their contact's snapshot costs the time of one round trip.
 */
export async function pageHead(companyId: number, counterPartitions: readonly string[] = []): Promise<PageHead> {
  const [version, ...counters] = (await getItems([
    directoryVersionRef(companyId),
    ...counterPartitions.map((partition) => ticketListCountRef(companyId, partition)),
  ])) as [number | undefined, ...(number | undefined)[]];
  return { version: version ?? 0, counters: counters.map((count) => count ?? 0) };
}

/**
 * Whether a ticket's own snapshot of its contact is current: an open or pending ticket is its
 * contact's current ticket, which every change of the contact updates (data/ticket-contact.ts);
 * a closed one may have been replaced since, so its contact is read.
 */
function snapshotOf(ticket: ListedTicket): ShownContact | undefined {
  const snapshot = ticket.contactSnapshot;
  if (!snapshot || ticket.status === 'closed') return undefined;
  return { id: ticket.contactId, name: snapshot.name ?? '', number: snapshot.number ?? '', profilePicUrl: snapshot.profilePicUrl ?? null, isGroup: snapshot.isGroup ?? false, ...(snapshot.lidOnly ? { lidOnly: true } : {}) };
}

/**
 * A page of tickets with their contact, connection, user, queue and tags: the contact from the
 * ticket's snapshot (read from the contacts only for tickets without a current one: closed ones
 * and those written before snapshots), the names from the directory kept per container, the tag
 * ids from the tickets themselves. With `head` (started by the caller alongside its query) a page
 * of snapshotted tickets costs no call of its own; without it, the directory version, the
 * counters asked for and the contacts needed are one BatchGet (AP-CT-x, AP-CO-9, AP-TK-15).
 */
export async function relatedPage(
  companyId: number,
  tickets: ListedTicket[],
  options: { counters?: readonly string[]; head?: Promise<PageHead> } = {},
) {
  const counterPartitions = options.counters ?? [];
  if (tickets.length === 0 && counterPartitions.length === 0 && !options.head) return { tickets: [], counters: [] as number[] };
  const contactIds = [...new Set(tickets.filter((t) => !snapshotOf(t)).map((t) => t.contactId))];
  const contactRefs = contactIds.map((id) => itemRef(contactEntity, { companyId, id }));
  const reads = options.head
    ? Promise.all([options.head, contactRefs.length > 0 ? getItems(contactRefs) : Promise.resolve([])])
    : getItems([
        directoryVersionRef(companyId),
        ...counterPartitions.map((partition) => ticketListCountRef(companyId, partition)),
        ...contactRefs,
      ]).then((found) => {
        const [version, ...rest] = found as readonly unknown[];
        const head: PageHead = {
          version: (version as number | undefined) ?? 0,
          counters: rest.slice(0, counterPartitions.length).map((count) => (count as number | undefined) ?? 0),
        };
        return [head, rest.slice(counterPartitions.length)] as const;
      });
  reads.catch(() => undefined);
  const tagIds = await tagIdsOfTickets(companyId, tickets);
  const [head, found] = await reads;
  const contacts = new Map<number, ShownContact>();
  for (const contact of found as ({ id: number; name: string; number: string; profilePicUrl?: string; isGroup?: boolean; lidOnly?: boolean } | undefined)[]) {
    if (contact) contacts.set(contact.id, contact);
  }
  if (tickets.length === 0) return { tickets: [], counters: head.counters };
  const directory = await ticketDirectory(
    companyId,
    {
      whatsappIds: tickets.map((t) => t.whatsappId),
      userIds: tickets.flatMap((t) => (t.userId ? [t.userId] : [])),
      queueIds: tickets.flatMap((t) => (t.queueId ? [t.queueId] : [])),
      tagIds: [...tagIds.values()].flat(),
    },
    head.version,
  );
  const shown = tickets.map((ticket) => {
    const ids = new Set(tagIds.get(ticket.id) ?? []);
    return publicTicket(ticket, {
      contact: snapshotOf(ticket) ?? contacts.get(ticket.contactId),
      whatsapp: directory.whatsapps.get(ticket.whatsappId),
      user: ticket.userId ? directory.users.get(ticket.userId) : undefined,
      tags: directory.tags.filter((tag) => ids.has(tag.id)),
      queue: ticket.queueId ? directory.queues.get(ticket.queueId) : undefined,
    });
  });
  return { tickets: shown, counters: head.counters };
}

/**
 * Tickets as the lists, the chat and the live events show them (see relatedPage); `head`: the
 * directory version as the caller has it (the broadcaster keeps it between batches).
 */
export async function withRelated(companyId: number, tickets: ListedTicket[], head?: Promise<PageHead>) {
  return (await relatedPage(companyId, tickets, head ? { head } : {})).tickets;
}
