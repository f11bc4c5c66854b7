/**
 * Live updates for paged lists (core §4, extended §4: "list screens merge create, update and
 * delete events by id"). Pages are kept as they are; an item is replaced where it is, a new one
 * goes first on the first page, and a removed one is dropped from whichever page holds it.
 */
export interface WithId {
  id: number | string;
}

const sameId = (a: WithId['id'], b: WithId['id']) => String(a) === String(b);

export function upsertInLists<T extends WithId>(lists: readonly (readonly T[])[], item: T): T[][] {
  const found = lists.some((list) => list.some((entry) => sameId(entry.id, item.id)));
  if (found) {
    return lists.map((list) => list.map((entry) => (sameId(entry.id, item.id) ? { ...entry, ...item } : entry)));
  }
  if (lists.length === 0) return [[item]];
  return lists.map((list, index) => (index === 0 ? [item, ...list] : [...list]));
}

export function removeFromLists<T extends WithId>(lists: readonly (readonly T[])[], id: WithId['id']): T[][] {
  return lists.map((list) => list.filter((entry) => !sameId(entry.id, id)));
}

/** Whether a list holds the id. */
export function listsContain<T extends WithId>(lists: readonly (readonly T[])[], id: WithId['id']): boolean {
  return lists.some((list) => list.some((entry) => sameId(entry.id, id)));
}

/** Upsert or remove in a flat list (non-paged screens). */
export function upsertById<T extends WithId>(list: readonly T[], item: T): T[] {
  return upsertInLists([list], item)[0] ?? [];
}

export function removeById<T extends WithId>(list: readonly T[], id: WithId['id']): T[] {
  return list.filter((entry) => !sameId(entry.id, id));
}
