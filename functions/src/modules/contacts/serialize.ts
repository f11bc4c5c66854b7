import { csvField } from '#domain/csv';
import type { ContactRecord } from '#data/contacts';

export function publicContact(contact: ContactRecord) {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email ?? '',
    profilePicUrl: contact.profilePicUrl ?? null,
    isGroup: contact.isGroup ?? false,
    extraInfo: contact.extraInfo ?? [],
    whatsappId: contact.whatsappId ?? null,
    lid: contact.lid ?? null,
    lidOnly: contact.lidOnly ?? false,
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
  };
}

/** The export's lines (extended §9: separator ;, fields name, number, email). */
export function contactCsvLines(contacts: ContactRecord[]): string[] {
  return contacts.map((c) => [c.name, c.number, c.email ?? ''].map(csvField).join(';'));
}
