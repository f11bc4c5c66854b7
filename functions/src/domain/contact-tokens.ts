import { foldForSearch, searchTokens } from '@atende/shared/search-text';

/** Tails of a number from 4 digits on, so typing any part of its end finds it by prefix. */
const numberTailMin = 4;

/**
 * The search tokens of a contact: the words of its name (folded) and every tail of its number
 * of 4+ digits (the whole number included), so "silva", "jo" (José) or "99990001" all match
 * by a begins_with on one token.
 */
export function contactTokens(contact: { name: string; number: string }): string[] {
  const tokens = new Set(searchTokens(contact.name));
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
