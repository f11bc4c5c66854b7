import { isAdmin, type Principal } from '#auth/principal';
import { contactIdsWithToken, getContacts } from '#data/contacts';
import { ticketIdsWithToken } from '#data/messages';
import { currentTicketIdsOf, getTicketsByIds } from '#data/ticket-batch';
import type { TicketRecord } from '#data/tickets';
import { ticketIdsWithTag } from '#data/tags';
import { contactMatches, searchQueryTokens } from '#domain/contact-tokens';
import type { TicketListViewer } from '#domain/ticket-lists';
import { canSeeTicket } from '#domain/ticket-visibility';
import { connectionIds } from './ticket-directory.ts';

/** How many candidates one search word may bring (its token items read, at most). */
const candidatesPerWord = 500;
const contactCandidates = 50;
/** What a candidate is read with: enough to decide who may see it, its dates and its order. */
const candidateAttributes = ['status', 'userId', 'queueId', 'activityAt', 'createdAt'] as const;

/** A ticket found by a search, with the attributes its filtering and order need. */
export type SearchHit = Pick<TicketRecord, 'id' | 'companyId' | (typeof candidateAttributes)[number]>;

/** Candidates read in the first round (a page and one more), then twice as many, at most this many, per round. */
const maxRound = 100;

/**
 * The search tab: tickets whose messages contain every word (by prefix), or whose contact's name
 * or number matches every word, and that carry every asked tag; only those the viewer may see,
 * newest conversation first (highest id). Everything is found through token items, tag links
 * and keys, no message or ticket is scanned; the candidates are then read newest first, a round
 * at a time, only until the page is full: a word that matches a sixth of 100k tickets costs a
 * page of reads, not thousands (docs/decisions.md, "Search order").
 */
export async function searchTickets(
  principal: Principal,
  viewer: TicketListViewer,
  filter: {
    text: string;
    tagIds: number[];
    status: TicketRecord['status'] | undefined;
    /** Admins' user filter: only tickets held by one of these users (empty: anyone's). */
    userIds: number[];
    keep: (hit: SearchHit) => boolean;
  },
  page: { number: number; size: number },
): Promise<{ hits: SearchHit[]; count: number; hasMore: boolean }> {
  const companyId = principal.companyId;
  const words = searchQueryTokens(filter.text);
  // Tickets carrying every asked tag, from the tags' link index.
  const tagged = filter.tagIds.length > 0 ? await ticketsWithEveryTag(companyId, filter.tagIds) : undefined;
  const ids = words.length > 0 ? await ticketIdsMatching(companyId, words) : new Set(tagged ?? []);
  const candidates = (tagged ? [...ids].filter((id) => tagged.includes(id)) : [...ids]).sort((a, b) => b - a);
  const admin = isAdmin(principal);
  const wanted = page.number * page.size + 1;
  const hits: SearchHit[] = [];
  let read = 0;
  for (let round = wanted; read < candidates.length && hits.length < wanted; round = Math.min(round * 2, maxRound)) {
    const ids = candidates.slice(read, read + round);
    read += ids.length;
    const tickets = await getTicketsByIds(companyId, ids, candidateAttributes);
    for (const id of ids) {
      const ticket = tickets.get(id);
      if (!ticket || (filter.status && ticket.status !== filter.status)) continue;
      if (filter.userIds.length > 0 && (ticket.userId === undefined || !filter.userIds.includes(ticket.userId))) continue;
      if ((admin || canSeeTicket(viewer, ticket)) && filter.keep(ticket)) hits.push(ticket);
    }
  }
  const end = page.number * page.size;
  return {
    hits: hits.slice(end - page.size, end),
    // Exact once every candidate was read; otherwise those found plus those not read yet.
    count: hits.length + (candidates.length - read),
    hasMore: hits.length > end,
  };
}

async function ticketsWithEveryTag(companyId: number, tagIds: number[]): Promise<number[]> {
  const perTag = await Promise.all(tagIds.map((tagId) => ticketIdsWithTag(companyId, tagId)));
  return perTag.reduce((kept, ids) => kept.filter((id) => ids.includes(id)));
}

/** Tickets whose messages hold every word, or whose contact's name or number matches every word. */
async function ticketIdsMatching(companyId: number, words: string[]): Promise<Set<number>> {

  const byMessage = await Promise.all(words.map((word) => ticketIdsWithToken(companyId, word, candidatesPerWord)));
  const messageMatches = byMessage.reduce((kept, ids) => kept.filter((id) => ids.includes(id)));

  const contacts = [...(await getContacts(companyId, await contactIdsWithToken(companyId, words[0]!, contactCandidates))).values()].filter(
    (contact) => contactMatches(contact, words),
  );
  const connections = contacts.length > 0 ? (await connectionIds(companyId)).map((id) => ({ id })) : [];
  const contactTickets = await currentTicketIdsOf(
    companyId,
    contacts.flatMap((contact) => connections.map((connection) => ({ whatsappId: connection.id, contactId: contact.id }))),
  );

  return new Set([...messageMatches, ...contactTickets]);
}
