import type { InfiniteData } from '@tanstack/react-query';
import type { Message, MessagesPage } from './api/types.ts';
import { formatDay } from './ticket-format.ts';
import { mergeNewer } from '../../lib/merge-newer.ts';

/** core §2: signing is on by default and prefixes the user's name in bold. */
export function signBody(body: string, userName: string, sign: boolean): string {
  return sign && userName.trim() ? `*${userName.trim()}:*\n${body}` : body;
}

/** Empty messages are never sent (core §5). */
export function isSendable(body: string): boolean {
  return body.trim() !== '';
}

export type AckLook = { ticks: 0 | 1 | 2; read: boolean };

/** core §9: 1 sent ✓, 2 delivered ✓✓, 3 read ✓✓ in colour, 4 and 5 read in colour. */
export function ackLook(ack: number): AckLook {
  if (ack >= 3) return { ticks: 2, read: true };
  if (ack === 2) return { ticks: 2, read: false };
  if (ack === 1) return { ticks: 1, read: false };
  return { ticks: 0, read: false };
}

/**
 * The messages in display order (oldest first). Page 1 holds the newest 40, each page oldest to
 * newest, so the later pages go first.
 */
export function flattenMessages(data: InfiniteData<MessagesPage> | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

export type ChatRow = { kind: 'day'; key: string; day: string } | { kind: 'message'; key: string; message: Message };

/** Day separators between messages of different days. */
export function withDaySeparators(messages: readonly Message[]): ChatRow[] {
  const rows: ChatRow[] = [];
  let lastDay = '';
  for (const message of messages) {
    const day = formatDay(message.createdAt);
    if (day && day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
    }
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

/** The chat's pages with one message changed where it is (nothing changes when it is not loaded). */
export function changeMessage(
  data: InfiniteData<MessagesPage> | undefined,
  id: string,
  change: (message: Message) => Message,
): InfiniteData<MessagesPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((item) => (item.id === id ? change(item) : item)),
    })),
  };
}

/**
 * Merges a live appMessage (or the answer of a send) into the chat's pages: an update replaces
 * the message where it is; a new message goes at the end of the newest page. Repeats change
 * nothing, and a version older than the one shown (its `updatedAt`, which every write of a
 * message moves) is left out: the send's answer can land after the event of the message's first
 * tick, and must not take the tick away.
 */
export function upsertMessage(
  data: InfiniteData<MessagesPage> | undefined,
  message: Message,
): InfiniteData<MessagesPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  const present = data.pages.some((page) => page.messages.some((item) => item.id === message.id));
  if (present) return changeMessage(data, message.id, (item) => mergeNewer(item, message));
  return {
    ...data,
    pages: data.pages.map((page, index) => (index === 0 ? { ...page, messages: [...page.messages, message] } : page)),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

/** `{ action: 'create'|'update', ticketId, message }`. */
export function parseMessageEvent(data: unknown): { ticketId: number; message: Message } | undefined {
  if (!isRecord(data) || (data.action !== 'create' && data.action !== 'update')) return undefined;
  if (!isRecord(data.message) || typeof data.message.id !== 'string') return undefined;
  const message = data.message as unknown as Message;
  const ticketId = Number(data.ticketId ?? message.ticketId);
  return Number.isInteger(ticketId) ? { ticketId, message } : undefined;
}
