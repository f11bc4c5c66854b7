/** The WhatsApp chat (JID) a contact is reached at: a group's or a person's. */
export function chatOf(contact: { number: string; isGroup?: boolean | null } | undefined): string {
  return contact?.isGroup ? `${contact.number}@g.us` : `${contact?.number ?? ''}@s.whatsapp.net`;
}
