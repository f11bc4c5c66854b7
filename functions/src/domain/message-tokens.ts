import { foldForSearch, searchTokens } from '@atende/shared/search-text';

/** At most this many distinct words of one message are indexed (a transaction holds 100 items). */
export const maxTokensPerMessage = 40;

/**
 * The words a message is found by: folded, distinct, 2+ characters, longest first, at most 40.
 * Prefix search on them finds "factura" from "fact".
 */
export function messageTokens(body: string): string[] {
  return searchTokens(body)
    .filter((word) => word.length <= 40)
    .sort((a, b) => b.length - a.length)
    .slice(0, maxTokensPerMessage);
}

/** Characters a search snippet holds at most (the list line shows one line of it). */
export const snippetMaxLength = 160;
/** Characters kept before the matched word when the message is longer than a snippet. */
const snippetLead = 40;

/**
 * The part of a message a search by `token` shows: the whole message when short (whitespace
 * collapsed), else a window of `snippetMaxLength` characters starting a little before the first
 * word that folds to `token`, cut at spaces, with `…` where text was left out. Stored with the
 * message's token item, so the search shows an older message's words without reading it.
 */
export function snippetAround(body: string, token: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= snippetMaxLength) return text;
  let at = 0;
  let offset = 0;
  for (const piece of text.split(/([\p{L}\p{M}\p{N}]+)/u)) {
    if (/^[\p{L}\p{M}\p{N}]+$/u.test(piece) && foldForSearch(piece) === token) {
      at = offset;
      break;
    }
    offset += piece.length;
  }
  let start = Math.max(0, Math.min(at - snippetLead, text.length - snippetMaxLength));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(text.length, start + snippetMaxLength);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, at)) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** Whether a text holds every search word at a word's beginning (folded, as the search matches). */
export function holdsEveryWord(text: string, words: readonly string[]): boolean {
  const tokens = searchTokens(text);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}
