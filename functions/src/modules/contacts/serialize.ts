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
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
  };
}

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
function csvField(value: string): string {
  return /[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The export's lines (extended §9: separator ;, fields name, number, email). */
export function contactCsvLines(contacts: ContactRecord[]): string[] {
  return contacts.map((c) => [c.name, c.number, c.email ?? ''].map(csvField).join(';'));
}
