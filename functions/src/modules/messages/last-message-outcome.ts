import { replaceLastMessageText } from '#data/tickets';
import { lastMessageLineAfter } from '#domain/last-message-line';
import type { EntityChange } from '#live/live-event';

/**
 * A message deleted or edited after it was stored: when it is still its ticket's last message,
 * the ticket's list line follows (domain/last-message-line.ts), so a deleted text does not stay in
 * every agent's list and an edit shows there too. Conditional on the ticket's `lastMessageAt`
 * being the message's own instant and idempotent: a batch delivered again changes nothing twice.
 */
export async function followLastMessageChange(change: EntityChange | undefined): Promise<void> {
  if (change?.entity !== 'message') return;
  const message = change.newItem;
  const text = lastMessageLineAfter(change.oldItem, message);
  if (text === undefined || !message) return;
  const companyId = Number(message.companyId);
  const ticketId = Number(message.ticketId);
  const createdAt = message.createdAt;
  if (!Number.isInteger(companyId) || !Number.isInteger(ticketId) || typeof createdAt !== 'string') return;
  await replaceLastMessageText(companyId, ticketId, createdAt, text);
}
