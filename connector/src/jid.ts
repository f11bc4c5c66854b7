/** WhatsApp addresses as the rest of the product gives them: digits, or a full JID. */

export const userServer = 's.whatsapp.net';

/** `5511999990001` → `5511999990001@s.whatsapp.net`; a JID is kept; old group ids `x-y` → `@g.us`. */
export function toJid(chat: string): string {
  const trimmed = chat.trim();
  if (trimmed.includes('@')) return trimmed;
  const digits = trimmed.replace(/^\+/, '');
  return /^\d+-\d+$/.test(digits) ? `${digits}@g.us` : `${digits}@${userServer}`;
}

/** The user part of a JID without device or agent: `5511…:3@s.whatsapp.net` → `5511…`. */
export function jidUser(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!;
}
