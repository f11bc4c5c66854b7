import type { EntityItem } from 'electrodb';
import { contactTokens } from '#domain/contact-tokens';
import { nameKey } from '#domain/company-rules';
import { companyEntity } from './company-entity.ts';
import { contactEntity, contactNumberEntity, contactTokenEntity } from './contact-entity.ts';
import { nextId } from './ids.ts';
import { idsWithTokenPrefix } from './token-index.ts';
import { writeAll } from './transaction.ts';

export type ContactRecord = EntityItem<typeof contactEntity>;

export interface ContactFields {
  name: string;
  number: string;
  email?: string;
  isGroup?: boolean;
  whatsappId?: number;
  extraInfo?: { name: string; value: string }[];
}

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
 * AP-CT-6: create a contact with its number claim, its search tokens and the company's count, in
 * one transaction: a taken number answers ERR_DUPLICATED_CONTACT and leaves nothing behind.
 */
export async function createContact(companyId: number, fields: ContactFields): Promise<ContactRecord> {
  const id = await nextId({ companyId }, 'contact');
  const record = {
    companyId,
    id,
    name: fields.name.trim(),
    nameKey: nameKey(fields.name),
    number: fields.number,
    email: fields.email ?? '',
    isGroup: fields.isGroup ?? false,
    extraInfo: (fields.extraInfo ?? []).map((info, index) => ({ id: index + 1, name: info.name, value: info.value })),
    ...(fields.whatsappId ? { whatsappId: fields.whatsappId } : {}),
  };
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity, company: companyEntity },
    ({ contact, contactNumber, token, company }) => [
      contactNumber.create({ companyId, number: record.number, contactId: id }).commit(),
      contact.create(record).commit(),
      company.update({ id: companyId }).add({ contactCount: 1 }).commit(),
      ...contactTokens(record).map((t) => token.put({ companyId, token: t, contactId: id }).commit()),
    ],
    ['ERR_DUPLICATED_CONTACT', 'ERR_DUPLICATED_CONTACT'],
  );
  const created = await getContact(companyId, id);
  if (!created) throw new Error(`contact ${companyId}/${id} vanished after creation`);
  return created;
}

/**
 * AP-CT-3: the contact of a number, created when new. Two first messages racing for one number
 * end with one contact: the loser reads the winner's.
 */
export async function findOrCreateContact(
  companyId: number,
  fields: { number: string; name: string; isGroup: boolean; whatsappId: number },
): Promise<{ contact: ContactRecord; created: boolean }> {
  const existing = await getContactByNumber(companyId, fields.number);
  if (existing) return { contact: existing, created: false };
  try {
    return { contact: await createContact(companyId, fields), created: true };
  } catch (error) {
    const winner = await getContactByNumber(companyId, fields.number);
    if (winner) return { contact: winner, created: false };
    throw error;
  }
}

/** AP-CT-7: change a contact; a new number is claimed and the old released, tokens replaced. */
export async function updateContact(current: ContactRecord, changes: Partial<ContactFields>): Promise<ContactRecord> {
  const { companyId, id } = current;
  const next = {
    name: changes.name?.trim() ?? current.name,
    number: changes.number ?? current.number,
  };
  const oldTokens = new Set(contactTokens(current));
  const newTokens = new Set(contactTokens(next));
  const renumbered = next.number !== current.number;
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity },
    ({ contact, contactNumber, token }) => [
      contact
        .patch({ companyId, id })
        .set({
          name: next.name,
          nameKey: nameKey(next.name),
          number: next.number,
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.extraInfo !== undefined
            ? { extraInfo: changes.extraInfo.map((info, index) => ({ id: index + 1, name: info.name, value: info.value })) }
            : {}),
        })
        .commit(),
      ...(renumbered
        ? [
            contactNumber.create({ companyId, number: next.number, contactId: id }).commit(),
            contactNumber.delete({ companyId, number: current.number }).commit(),
          ]
        : []),
      ...[...oldTokens].filter((t) => !newTokens.has(t)).map((t) => token.delete({ companyId, token: t, contactId: id }).commit()),
      ...[...newTokens].filter((t) => !oldTokens.has(t)).map((t) => token.put({ companyId, token: t, contactId: id }).commit()),
    ],
    ['ERR_NO_CONTACT_FOUND', 'ERR_DUPLICATED_CONTACT'],
  );
  const updated = await getContact(companyId, id);
  if (!updated) throw new Error(`contact ${companyId}/${id} vanished`);
  return updated;
}

/** AP-CT-8: delete a contact with its number claim, tokens and count. */
export async function deleteContact(current: ContactRecord): Promise<void> {
  const { companyId, id } = current;
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity, company: companyEntity },
    ({ contact, contactNumber, token, company }) => [
      contact.delete({ companyId, id }).where(({ id: contactId }, { exists }) => exists(contactId)).commit(),
      contactNumber.delete({ companyId, number: current.number }).commit(),
      company.update({ id: companyId }).subtract({ contactCount: 1 }).commit(),
      ...contactTokens(current).map((t) => token.delete({ companyId, token: t, contactId: id }).commit()),
    ],
    ['ERR_NO_CONTACT_FOUND'],
  );
}

/** AP-CT-9: contacts in name order, one page (page n reads n × size + 1 keys of the index). */
export async function listContactsByName(companyId: number, limit: number): Promise<ContactRecord[]> {
  const { data } = await contactEntity.query.byName({ companyId }).go({ limit });
  return data;
}

/** AP-CT-10: every contact in name order, page by page (the CSV export). */
export async function* allContactsByName(companyId: number): AsyncGenerator<ContactRecord[]> {
  let cursor: string | null = null;
  do {
    const page: { data: ContactRecord[]; cursor: string | null } = await contactEntity.query.byName({ companyId }).go({ limit: 500, cursor });
    yield page.data;
    cursor = page.cursor;
  } while (cursor);
}

/** AP-CT-11: ids of the contacts with a token starting with `prefix` (a search's most selective word). */
export function contactIdsWithToken(companyId: number, prefix: string, limit: number): Promise<number[]> {
  return idsWithTokenPrefix(`C#${companyId}#CSEARCH`, prefix, 'contactId', limit);
}

/** AP-CT-5: several contacts at once (a page of tickets or search results). */
export async function getContacts(companyId: number, ids: number[]): Promise<Map<number, ContactRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await contactEntity.get(unique.map((id) => ({ companyId, id }))).go();
  return new Map(data.map((contact) => [contact.id, contact]));
}

/** AP-CT-4: keep the WhatsApp display name when the contact has only its number as a name. */
export async function renameContactIfUnnamed(contact: ContactRecord, pushName: string): Promise<void> {
  if (!pushName || contact.name !== contact.number) return;
  await updateContact(contact, { name: pushName });
}
