import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { listsContain, removeFromLists, upsertInLists, type WithId } from './merge-by-id.ts';

/**
 * A list screen's live event (core §4, extended §4: "list screens merge create, update and delete
 * events by id"): create/update carry the record, delete carries its id.
 */
export type RecordLiveEvent<T extends WithId> =
  { action: 'create' | 'update'; record: T } | { action: 'delete'; id: number | string };

const isId = (value: unknown): value is number | string =>
  typeof value === 'number' || (typeof value === 'string' && value !== '');

/**
 * Reads `{ action, <record> }` or `{ action: 'delete', <id> }`, where the record and the id may
 * come under any of the given keys (e.g. `tag` / `tagId`, `record` / `id`).
 */
export function parseRecordEvent<T extends WithId>(
  data: unknown,
  keys: { record: readonly string[]; id: readonly string[] },
): RecordLiveEvent<T> | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const event = data as Record<string, unknown>;
  if (event.action === 'create' || event.action === 'update') {
    for (const key of keys.record) {
      const record = event[key];
      if (record && typeof record === 'object' && isId((record as { id?: unknown }).id)) {
        return { action: event.action, record: record as T };
      }
    }
    return undefined;
  }
  if (event.action === 'delete') {
    for (const key of keys.id) {
      const id = event[key];
      if (isId(id)) return { action: 'delete', id };
    }
  }
  return undefined;
}

/** The pages of a paged list: `field` names the array of each page (contacts, tags, records…). */
type Paged<F extends string, T> = { [K in F]: T[] } & { count?: number; hasMore: boolean };

/**
 * Merges a live event into the loaded pages by id. An update replaces the record where it is; a
 * record not shown yet goes first on the first page only when `insert` allows (a filtered list
 * cannot know whether a new record matches its search); a delete drops it. `count` follows.
 */
export function applyRecordEvent<F extends string, T extends WithId, P extends Paged<F, T>>(
  data: InfiniteData<P, number> | undefined,
  field: F,
  event: RecordLiveEvent<T>,
  insert = true,
): InfiniteData<P, number> | undefined {
  if (!data) return data;
  const lists = data.pages.map((page) => page[field] as T[]);
  let next: T[][];
  let countDelta = 0;
  if (event.action === 'delete') {
    if (!listsContain(lists, event.id)) return data;
    next = removeFromLists(lists, event.id);
    countDelta = -1;
  } else {
    const shown = listsContain(lists, event.record.id);
    if (!shown && !insert) return data;
    if (!shown) countDelta = 1;
    next = upsertInLists(lists, event.record);
  }
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      [field]: next[index] ?? [],
      count:
        index === 0 && typeof page.count === 'number' ? Math.max(0, page.count + countDelta) : page.count,
    })),
  };
}

/**
 * Merges a live event into every loaded paged list under `listsKey`, whose keys end in the list's
 * filter (`[..., { searchParam }]`): a record not shown yet joins only the unfiltered lists.
 */
export function applyRecordEventToLists<F extends string, T extends WithId>(
  queryClient: QueryClient,
  listsKey: QueryKey,
  field: F,
  event: RecordLiveEvent<T>,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listsKey })) {
    const filter = query.queryKey[2] as { searchParam?: string } | undefined;
    queryClient.setQueryData<InfiniteData<Paged<F, T>, number>>(query.queryKey, (current) =>
      applyRecordEvent(current, field, event, !filter?.searchParam),
    );
  }
}
