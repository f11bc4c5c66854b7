/**
 * Where j and k go in the inbox's list (issue #30): the rows are read from the list shown (any
 * tab, the search results too), so the keys walk exactly what the agent sees.
 */

/** One row of the list as the keyboard sees it. */
export interface CursorRow {
  id: string;
  uuid: string | undefined;
  pending: boolean;
  /** The ticket open in the chat. */
  selected: boolean;
  /** Where the keyboard is: the focused row, else the last one moved to, else the open ticket. */
  current: boolean;
  focus(): void;
}

export interface CursorRows {
  rows: CursorRow[];
  /** Index of the current row, -1 when none. */
  at: number;
}

/** The next row a step leads to: from none, j starts at the top and k at the bottom; the ends stay. */
export function stepIndex(count: number, at: number, step: 1 | -1): number | undefined {
  if (count === 0) return undefined;
  if (at < 0) return step > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, at + step));
}

export function stepRow({ rows, at }: CursorRows, step: 1 | -1): CursorRow | undefined {
  const index = stepIndex(rows.length, at, step);
  return index === undefined ? undefined : rows[index];
}

/** The rows of the list inside `container` (`li.ticket-item`, in order). */
export function listRowsOf(
  container: Element | null,
  active: Element | null,
  cursorId: string | undefined,
): CursorRows {
  const items = [...(container?.querySelectorAll<HTMLElement>('li.ticket-item') ?? [])];
  const idOf = (item: HTMLElement) => item.dataset.ticketId ?? '';
  let at = items.findIndex((item) => active !== null && item.contains(active));
  if (at < 0 && cursorId !== undefined) at = items.findIndex((item) => idOf(item) === cursorId);
  if (at < 0) at = items.findIndex((item) => item.classList.contains('ticket-item--selected'));
  const rows = items.map((item, index) => ({
    id: idOf(item),
    uuid: item.dataset.ticketUuid || undefined,
    pending: item.dataset.status === 'pending',
    selected: item.classList.contains('ticket-item--selected'),
    current: index === at,
    focus: () => {
      item.querySelector<HTMLElement>('.ticket-item__main')?.focus();
      item.scrollIntoView?.({ block: 'nearest' });
    },
  }));
  return { rows, at };
}
