import { foldForSearch, searchTokens } from '@atende/shared/search-text';

/** Tails of a number from 4 digits on, so typing any part of its end finds it by prefix. */
const numberTailMin = 4;

/**
 * At most this many words of a name are tokens: a new customer's contact, its ticket's copies and
 * its first message's words share one transaction of 100 items (a group's subject may have 30).
 */
export const nameTokenLimit = 12;

/**
 * The search tokens of a contact: the first words of its name (folded) and every tail of its
 * number of 4+ digits (the whole number included), so "silva", "jo" (José) or "99990001" all
 * match by a begins_with on one token.
 */
export function contactTokens(contact: { name: string; number: string }): string[] {
  const tokens = new Set(searchTokens(contact.name).slice(0, nameTokenLimit));
  const digits = contact.number.replace(/\D/g, '');
  for (let start = 0; start <= digits.length - numberTailMin; start += 1) tokens.add(digits.slice(start));
  return [...tokens];
}

/** The tokens of a search text, longest first (the most selective one is queried). */
export function searchQueryTokens(text: string): string[] {
  const folded = foldForSearch(text);
  const words = folded.split(' ').filter(Boolean).map((word) => (/^[\d+()\s-]+$/.test(word) ? word.replace(/\D/g, '') : word));
  return [...new Set(words.filter((w) => w.length > 0))].sort((a, b) => b.length - a.length);
}

/** Whether a contact matches every word of a search (a word matches a token's beginning). */
export function contactMatches(contact: { name: string; number: string }, words: string[]): boolean {
  const tokens = contactTokens(contact);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

/**
 * Marks a name-phrase token (docs/decisions.md, "Search: a contact's name as phrases"). A typed
 * word never starts with it, so a word's range never holds phrase tokens (and the other way round).
 */
export const namePhraseMarker = '\u0001';

/** At most this many phrase tokens per name (a group's long subject would write dozens). */
const namePhraseLimit = 6;

/** The folded words of a text in order, repeats kept: what a phrase is made of. */
function phraseWords(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A name's phrase tokens: from each of its words on, the rest of the name ("maria da silva" →
 * "maria da silva", "da silva"), so any run of its words typed in order, the last one cut short,
 * is the beginning of one of them ("da sil", "maria da").
 */
export function namePhraseTokens(name: string): string[] {
  const words = phraseWords(name);
  const tokens = new Set<string>();
  for (let start = 0; start < words.length - 1 && tokens.size < namePhraseLimit; start += 1) {
    tokens.add(`${namePhraseMarker}${words.slice(start).join(' ')}`);
  }
  return [...tokens];
}

/** What a ticket is found by through its contact: the contact's tokens and its name's phrases. */
export function ticketContactTokens(contact: { name: string; number: string }): string[] {
  return [...contactTokens(contact), ...namePhraseTokens(contact.name)];
}

/** The phrase a search of two or more words reads among contacts' names; undefined for one word. */
export function searchQueryPhrase(text: string): string | undefined {
  const words = phraseWords(text);
  return words.length >= 2 ? `${namePhraseMarker}${words.join(' ')}` : undefined;
}
