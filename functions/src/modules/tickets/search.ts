import { isAdmin, type Principal } from '#auth/principal';
import { contactIdsWithToken, getContacts } from '#data/contacts';
import { ticketIdsWithToken } from '#data/messages';
import { currentTicketOf, getTicket, type TicketRecord } from '#data/tickets';
import { listWhatsapps } from '#data/whatsapps';
import { contactMatches, searchQueryTokens } from '#domain/contact-tokens';
import type { TicketListViewer } from '#domain/ticket-lists';
import { canSeeTicket } from '#domain/ticket-visibility';

/** How many candidates one search word may bring (its token items read, at most). */
const candidatesPerWord = 500;
const contactCandidates = 50;

/**
 * Tickets whose messages contain every word (by prefix), or whose contact's name or number
 * matches every word, that the viewer may see, newest activity first. Everything is read through
 * token items and keys; no message or ticket is scanned.
 */
export async function searchTickets(
  principal: Principal,
  viewer: TicketListViewer,
  searchParam: string,
  status: TicketRecord['status'] | undefined,
): Promise<TicketRecord[]> {
  const words = searchQueryTokens(searchParam);
  if (words.length === 0) return [];
  const companyId = principal.companyId;

  const byMessage = await Promise.all(words.map((word) => ticketIdsWithToken(companyId, word, candidatesPerWord)));
  const messageMatches = byMessage.reduce((kept, ids) => kept.filter((id) => ids.includes(id)));

  const contacts = [...(await getContacts(companyId, await contactIdsWithToken(companyId, words[0]!, contactCandidates))).values()].filter(
    (contact) => contactMatches(contact, words),
  );
  const connections = contacts.length > 0 ? await listWhatsapps(companyId) : [];
  const contactTickets = await Promise.all(
    contacts.flatMap((contact) => connections.map((connection) => currentTicketOf(companyId, connection.id, contact.id))),
  );

  const ids = new Set([...messageMatches, ...contactTickets.filter((t): t is TicketRecord => t !== undefined).map((t) => t.id)]);
  const tickets = (await Promise.all([...ids].map((id) => getTicket(companyId, id)))).filter((t): t is TicketRecord => t !== undefined);
  const admin = isAdmin(principal);
  return tickets
    .filter((ticket) => !status || ticket.status === status)
    .filter((ticket) => admin || canSeeTicket(viewer, ticket))
    .sort((a, b) => (b.activityAt ?? '').localeCompare(a.activityAt ?? '') || b.id - a.id);
}
