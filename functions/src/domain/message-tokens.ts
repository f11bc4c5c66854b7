import { searchTokens } from '@atende/shared/search-text';

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
