import { foldForSearch } from '@atende/shared/search-text';

/** Folded words of a text (letters and digits), in order. */
const wordsOf = (text: string) =>
  foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether a name matches what was typed in the transfer dialog: every typed word starts one of
 * the name's words, case and accents folded ("ana ber" finds "Ana Bértoli", "bert" too; "rto"
 * does not). An empty search matches every name.
 */
export function nameMatchesTyped(typed: string, name: string): boolean {
  const needles = wordsOf(typed);
  if (needles.length === 0) return true;
  const words = wordsOf(name);
  return needles.every((needle) => words.some((word) => word.startsWith(needle)));
}

/**
 * The first `limit` users whose name matches, those whose whole name starts with the typed text
 * first, then by name; `hasMore` when more matched (the dialog asks for more letters).
 */
export function searchUsersByName<T extends { name: string }>(
  users: readonly T[],
  typed: string,
  limit: number,
): { users: T[]; hasMore: boolean } {
  const folded = foldForSearch(typed);
  const matches = users.filter((user) => nameMatchesTyped(typed, user.name));
  const startsWhole = (user: T) => (folded && foldForSearch(user.name).startsWith(folded) ? 0 : 1);
  matches.sort((a, b) => startsWhole(a) - startsWhole(b) || a.name.localeCompare(b.name, 'es'));
  return { users: matches.slice(0, limit), hasMore: matches.length > limit };
}
