/** A tag as a ticket carries it. */
export interface TicketTag {
  id: number;
  name: string;
  color?: string;
}

/** Whether two tag sets hold the same ids, whatever their order. */
export function sameTagIds(a: readonly { id: number }[], b: readonly { id: number }[]): boolean {
  if (a.length !== b.length) return false;
  const ids = new Set(a.map((tag) => tag.id));
  return b.every((tag) => ids.has(tag.id));
}

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The tags the editor still offers: not on the ticket yet and matching the search, by name. */
export function availableTags<T extends TicketTag>(
  all: readonly T[],
  selected: readonly { id: number }[],
  search: string,
): T[] {
  const taken = new Set(selected.map((tag) => tag.id));
  const wanted = fold(search.trim());
  return all
    .filter((tag) => !taken.has(tag.id) && (!wanted || fold(tag.name).includes(wanted)))
    .sort((a, b) => a.name.localeCompare(b.name));
}
