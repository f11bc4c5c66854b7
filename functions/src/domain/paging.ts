import { foldForSearch } from '@atende/shared/search-text';

/** One page of an in-memory list (lists bounded by a plan limit or the platform's size). */
export function pageOf<T>(items: T[], pageNumber: number, pageSize: number): { items: T[]; count: number; hasMore: boolean } {
  const start = (pageNumber - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), count: items.length, hasMore: start + pageSize < items.length };
}

/** A page as the list routes answer it: its items under `key` (serialized), the total count, whether more follow. */
export function pageAnswer<K extends string, T>(key: K, items: T[], page: { count: number; hasMore: boolean }) {
  return { [key]: items, count: page.count, hasMore: page.hasMore } as { [P in K]: T[] } & { count: number; hasMore: boolean };
}

/** Whether any of the texts contains the search, with case and accents folded. */
export function matchesSearch(search: string, ...texts: (string | undefined | null)[]): boolean {
  const needle = foldForSearch(search);
  if (!needle) return true;
  return texts.some((text) => text && foldForSearch(text).includes(needle));
}
