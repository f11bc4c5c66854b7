import type { InfiniteData } from '@tanstack/react-query';
import { foldForSearch } from '@atende/shared/search-text';
import type { Ticket, TicketsPage } from './api/types.ts';
import type { TicketLiveEvent } from './ticket-list-rules.ts';

/** What the search tab asks for (core §2): the text, the tags and, for admins, the users. */
export interface TicketSearchFilter {
  text: string;
  tagIds: number[];
  userIds: number[];
}

/** Whether the filter asks anything: the server searches only by text or by tag. */
export function isSearching(filter: TicketSearchFilter): boolean {
  return filter.text.trim() !== '' || filter.tagIds.length > 0;
}

/**
 * The words of a search as the server matches them (functions domain/contact-tokens.ts
 * searchQueryTokens): folded (case and accents), split at spaces, a phone-like word reduced to
 * its digits. Each one matches a word of the text that begins with it.
 */
export function searchWords(text: string): string[] {
  const words = foldForSearch(text)
    .split(' ')
    .filter(Boolean)
    .map((word) => (/^[\d+()-]+$/.test(word) ? word.replace(/\D/g, '') : word))
    .filter(Boolean);
  return [...new Set(words)];
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * A line cut into parts, each word that begins with one of the search words marked (the whole
 * word, as the server matched it by prefix). The parts joined give the line back unchanged.
 */
export function highlightParts(line: string, words: readonly string[]): TextPart[] {
  if (words.length === 0 || line === '') return line === '' ? [] : [{ text: line, match: false }];
  const parts: TextPart[] = [];
  const push = (text: string, match: boolean) => {
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  // Letters and digits make words (shared/search-text searchTokens); everything else separates.
  for (const piece of line.split(/([\p{L}\p{M}\p{N}]+)/u)) {
    if (piece === '') continue;
    const folded = foldForSearch(piece);
    const isWord = /^[\p{L}\p{M}\p{N}]+$/u.test(piece);
    push(piece, isWord && words.some((word) => folded.startsWith(word)));
  }
  return parts;
}

/** Whether a text holds every search word at a word's beginning (a live ticket's last message). */
export function textMatchesAll(text: string | null | undefined, words: readonly string[]): boolean {
  if (!text) return false;
  const tokens = foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

/**
 * The text a search result's line shows: the last message when it holds every word, else the
 * message the server found the ticket by (`searchMatch`, an older message), else the last
 * message (a ticket found by its contact).
 */
export function searchLineOf(
  ticket: Pick<Ticket, 'lastMessage' | 'searchMatch'>,
  words: readonly string[],
): string {
  const last = ticket.lastMessage ?? '';
  if (words.length === 0 || !ticket.searchMatch || textMatchesAll(last, words)) return last;
  return ticket.searchMatch;
}

/**
 * Whether a ticket that is not in the results yet should join them live: its last message holds
 * every word (the server may have matched older messages too, but only the last one comes with
 * the event), it carries every asked tag and, when users are asked, it is held by one of them.
 * A search by tags alone is decided by the tags.
 */
export function ticketJoinsSearch(ticket: Ticket, filter: TicketSearchFilter): boolean {
  if (!isSearching(filter)) return false;
  const words = searchWords(filter.text);
  if (words.length > 0 && !textMatchesAll(ticket.lastMessage, words)) return false;
  const tagIds = new Set((ticket.tags ?? []).map((tag) => tag.id));
  if (!filter.tagIds.every((id) => tagIds.has(id))) return false;
  return filter.userIds.length === 0 || (ticket.userId !== null && filter.userIds.includes(ticket.userId));
}

/**
 * Merges a live ticket event into the search results. The results are ordered by conversation,
 * newest first (docs/decisions.md, "Search order"), so a ticket already there is replaced in its
 * place; one that now carries the words (its new last message) and the tags joins at its place
 * by id; a deleted one leaves. The server decides who may see what: the event reaches this socket
 * only for tickets the viewer may see.
 */
export function applySearchEvent(
  data: InfiniteData<TicketsPage> | undefined,
  event: TicketLiveEvent,
  filter: TicketSearchFilter,
): InfiniteData<TicketsPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  const id = event.action === 'delete' ? event.ticketId : event.ticket.id;
  const present = data.pages.some((page) => page.tickets.some((ticket) => ticket.id === id));
  if (event.action === 'delete') {
    if (!present) return data;
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        tickets: page.tickets.filter((ticket) => ticket.id !== id),
        ...(index === 0 && typeof page.count === 'number' ? { count: Math.max(0, page.count - 1) } : {}),
      })),
    };
  }
  const update = event.ticket;
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((ticket) => (ticket.id === id ? { ...ticket, ...update } : ticket)),
      })),
    };
  }
  if (!ticketJoinsSearch(update, filter)) return data;
  // Its place by id among the loaded pages; past the last loaded one it waits for its page.
  const pages = data.pages.map((page) => ({ ...page, tickets: [...page.tickets] }));
  const last = pages.length - 1;
  for (let index = 0; index <= last; index += 1) {
    const page = pages[index]!;
    const at = page.tickets.findIndex((ticket) => ticket.id < id);
    if (at >= 0 || (index === last && !page.hasMore)) {
      page.tickets.splice(at >= 0 ? at : page.tickets.length, 0, update);
      const first = pages[0]!;
      if (typeof first.count === 'number') pages[0] = { ...first, count: first.count + 1 };
      return { ...data, pages };
    }
  }
  return data;
}
