/**
 * Text folding for index-based search: the same folding is applied when indexing and when
 * searching, so "João" is found by "joao" and "JOÃO".
 */

/** Letters NFD does not decompose into base + mark. */
const extraFolds: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ł: 'l',
  ħ: 'h',
  ı: 'i',
};

/** Lower-case, without accents or diacritics, whitespace collapsed to single spaces, trimmed. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßđłħı]/g, (letter) => extraFolds[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minimum token length; single characters match too much to be worth indexing. */
export const searchTokenMinLength = 2;

/** Folded words (letters and digits), de-duplicated in first-seen order, at least 2 characters. */
export function searchTokens(text: string): string[] {
  const words = foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= searchTokenMinLength);
  return [...new Set(words)];
}
