import { contactNumberEntity } from './contact-entity.ts';
import { getContacts, type ContactRecord } from './contacts.ts';
import { ticketIdsWithTag } from './tags.ts';
import { getTicketsByIds } from './ticket-batch.ts';

/**
 * AP-CA-20: the contacts carrying a tag, for a campaign whose recipients are a tag list. Tags are
 * linked to tickets (AP-TG-7, one Query of the tag's links on gsi1), so a contact carries a tag
 * when one of its tickets does: the tickets' `contactId` (AP-TK-13, BatchGet of 100, only that
 * attribute), without groups, each contact once, in id order (a stable order for the run's
 * positions). Bounded by the tag's links, never a Scan.
 */
export async function contactIdsWithTag(companyId: number, tagId: number): Promise<number[]> {
  const ticketIds = await ticketIdsWithTag(companyId, tagId);
  const tickets = await getTicketsByIds(companyId, ticketIds, ['contactId', 'isGroup']);
  const ids = new Set<number>();
  for (const ticket of tickets.values()) if (!ticket.isGroup && ticket.contactId) ids.add(ticket.contactId);
  return [...ids].sort((a, b) => a - b);
}

/** AP-CT-5 for a page of a tag list's recipients: the contacts that still exist, not groups, in the order asked. */
export async function contactsInOrder(companyId: number, ids: readonly number[]): Promise<ContactRecord[]> {
  const found = await getContacts(companyId, [...ids]);
  return ids.flatMap((id) => {
    const contact = found.get(id);
    return contact && !contact.isGroup && contact.number ? [contact] : [];
  });
}

/**
 * AP-CA-23: the contacts owning these numbers, for a window of campaign recipients read ahead:
 * one BatchGet of the number claims (AP-CT-12's items, consistent), one of the contacts (AP-CT-5).
 * Numbers without a contact are absent from the answer.
 */
export async function contactsByNumbers(
  companyId: number,
  numbers: readonly string[],
): Promise<Map<string, ContactRecord>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Map();
  const { data: claims } = await contactNumberEntity
    .get(unique.map((number) => ({ companyId, number })))
    .go({ consistent: true, concurrency: 4 });
  const contacts = await getContacts(
    companyId,
    claims.map((claim) => claim.contactId),
  );
  const found = new Map<string, ContactRecord>();
  for (const claim of claims) {
    const contact = contacts.get(claim.contactId);
    if (contact) found.set(claim.number, contact);
  }
  return found;
}
