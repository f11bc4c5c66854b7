/**
 * The WhatsApp chat (JID) a contact is reached at: a group's, a person's number, or — while only
 * their LID is known (`lidOnly`: `number` holds the LID's digits) — their LID. The connector may
 * still address a number by its LID when WhatsApp has moved that person's chat to it
 * (docs/connector.md, "LID contacts").
 */
export function chatOf(
  contact: { number: string; isGroup?: boolean | null; lidOnly?: boolean | null } | undefined,
): string {
  if (contact?.isGroup) return `${contact.number}@g.us`;
  if (contact?.lidOnly) return `${contact.number}@lid`;
  return `${contact?.number ?? ''}@s.whatsapp.net`;
}
