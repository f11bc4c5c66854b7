import type { EntityItem } from 'electrodb';
import { contactEntity, contactNumberEntity } from './contact-entity.ts';
import { nextId } from './ids.ts';
import { writeAll } from './transaction.ts';

export type ContactRecord = EntityItem<typeof contactEntity>;

/** AP-CT-1: a contact by id. */
export async function getContact(companyId: number, id: number): Promise<ContactRecord | undefined> {
  const { data } = await contactEntity.get({ companyId, id }).go();
  return data ?? undefined;
}

/** AP-CT-2: the contact that owns a number in a company (every inbound message). */
export async function getContactByNumber(companyId: number, number: string): Promise<ContactRecord | undefined> {
  const { data: claim } = await contactNumberEntity.get({ companyId, number }).go({ consistent: true });
  return claim ? getContact(companyId, claim.contactId) : undefined;
}

/**
 * AP-CT-3: the contact of a number, created with its number claim in one transaction when new.
 * Two first messages racing for one number end with one contact: the loser reads the winner's.
 */
export async function findOrCreateContact(
  companyId: number,
  fields: { number: string; name: string; isGroup: boolean; whatsappId: number },
): Promise<{ contact: ContactRecord; created: boolean }> {
  const existing = await getContactByNumber(companyId, fields.number);
  if (existing) return { contact: existing, created: false };
  const id = await nextId({ companyId }, 'contact');
  try {
    await writeAll(
      { contact: contactEntity, contactNumber: contactNumberEntity },
      ({ contact, contactNumber }) => [
        contactNumber.create({ companyId, number: fields.number, contactId: id }).commit(),
        contact.create({ companyId, id, ...fields }).commit(),
      ],
      ['ERR_DUPLICATED_CONTACT', 'ERR_DUPLICATED_CONTACT'],
    );
  } catch (error) {
    const winner = await getContactByNumber(companyId, fields.number);
    if (winner) return { contact: winner, created: false };
    throw error;
  }
  const contact = await getContact(companyId, id);
  if (!contact) throw new Error(`contact ${companyId}/${id} vanished after creation`);
  return { contact, created: true };
}

/** AP-CT-4: keep the WhatsApp display name when the contact has only its number as a name. */
export async function renameContactIfUnnamed(contact: ContactRecord, pushName: string): Promise<void> {
  if (!pushName || contact.name !== contact.number) return;
  await contactEntity.patch({ companyId: contact.companyId, id: contact.id }).set({ name: pushName }).go();
}

/** AP-CT-5: several contacts at once (a page of tickets). */
export async function getContacts(companyId: number, ids: number[]): Promise<Map<number, ContactRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await contactEntity.get(unique.map((id) => ({ companyId, id }))).go();
  return new Map(data.map((contact) => [contact.id, contact]));
}
