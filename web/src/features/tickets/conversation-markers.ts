import type { ChatRow } from './message-rules.ts';

/**
 * core §2 Message list: notes marking where a conversation starts and ends. The messages API
 * gives no timeline, so (docs/decisions.md, Inbox extras) the start is the ticket's first message,
 * known once no older page is left, and the end follows the last message of a closed ticket.
 */
export type ConversationRow = ChatRow | { kind: 'start'; key: string } | { kind: 'end'; key: string };

export interface ConversationState {
  /** Older pages remain to be loaded, so the first message shown is not the ticket's first. */
  hasOlder: boolean;
  closed: boolean;
}

export function withConversationMarkers(
  rows: readonly ChatRow[],
  { hasOlder, closed }: ConversationState,
): ConversationRow[] {
  const first = rows.findIndex((row) => row.kind === 'message');
  if (first === -1) return [...rows];
  const out: ConversationRow[] = [...rows];
  if (closed) out.push({ kind: 'end', key: 'conversation-end' });
  // After the first message's day separator, so the note reads under the date it happened.
  if (!hasOlder) out.splice(first, 0, { kind: 'start', key: 'conversation-start' });
  return out;
}
