import { createContact } from '../../contacts/api/save-contact.ts';
import { searchContacts } from './search-contacts.ts';
import type { TicketContact } from './types.ts';

/**
 * The company's contact with `number` (digits only), created under `name` when there is none yet:
 * what a shared vCard needs before the new-conversation flow can open a ticket for it.
 */
export async function contactForNumber(name: string, number: string): Promise<TicketContact> {
  const found = (await searchContacts(number)).find(
    (contact) => contact.number.replace(/\D/g, '') === number,
  );
  if (found) return found;
  const created = await createContact({ name: name || number, number, email: '', extraInfo: [] });
  return {
    id: created.id,
    name: created.name,
    number: created.number,
    profilePicUrl: created.profilePicUrl ?? null,
  };
}
