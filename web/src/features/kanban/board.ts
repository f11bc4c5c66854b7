/**
 * The kanban board's state on the client (extended §2.17, §4 Kanban), kept in the query cache:
 * lanes as the server answered them, changed in place by a move (before the server answers) and
 * by live `ticket` events. Pure functions: the components and hooks call them.
 */

export interface KanbanTagRef {
  id: number;
  name: string;
  color: string;
  kanban?: number;
}

export interface KanbanCard {
  id: number;
  uuid: string;
  status: string;
  lastMessage?: string | null;
  contact: { name: string; number: string } | null;
  tags: KanbanTagRef[];
  updatedAt?: string | null;
}

/** A lane: Creados (`tagId: null`) or a kanban tag's; `pages` is how many pages are loaded. */
export interface KanbanLane {
  tagId: number | null;
  tickets: KanbanCard[];
  hasMore: boolean;
  pages: number;
}

export interface KanbanBoard {
  lanes: KanbanLane[];
}

/** The lane's key in queries, droppable ids and test ids. */
export const laneKey = (tagId: number | null): string => (tagId === null ? 'creados' : String(tagId));

export function tagIdOfLaneKey(key: string): number | null {
  return key === 'creados' ? null : Number(key);
}

const activeStatuses = new Set(['open', 'pending']);

/** The lanes a ticket is on: each kanban tag it carries, or Creados; none when closed (as the server). */
export function lanesOfCard(
  card: Pick<KanbanCard, 'status' | 'tags'>,
  kanbanTagIds: readonly number[],
): (number | null)[] {
  if (!activeStatuses.has(card.status)) return [];
  const kanban = new Set(kanbanTagIds);
  const lanes = [...new Set(card.tags.map((tag) => tag.id))].filter((id) => kanban.has(id));
  return lanes.length > 0 ? lanes : [null];
}

/** Newest activity first, as the server orders a lane. */
function insertNewestFirst(cards: KanbanCard[], card: KanbanCard): KanbanCard[] {
  const at = card.updatedAt ?? '';
  const index = cards.findIndex((other) => (other.updatedAt ?? '') < at);
  return index < 0 ? [...cards, card] : [...cards.slice(0, index), card, ...cards.slice(index)];
}

export function boardHasCard(board: KanbanBoard, ticketId: number): boolean {
  return board.lanes.some((lane) => lane.tickets.some((card) => card.id === ticketId));
}

/**
 * Puts a ticket where its tags and status say, taking it off the lanes it left. A lane whose
 * loaded pages end before the card's place (more to load, the card older than all shown) does
 * not take it: scrolling brings it in order.
 */
export function placeCard(
  board: KanbanBoard,
  card: KanbanCard,
  kanbanTagIds: readonly number[],
): KanbanBoard {
  const wanted = new Set(lanesOfCard(card, kanbanTagIds));
  return {
    lanes: board.lanes.map((lane) => {
      const without = lane.tickets.filter((other) => other.id !== card.id);
      if (!wanted.has(lane.tagId))
        return without.length === lane.tickets.length ? lane : { ...lane, tickets: without };
      const last = without[without.length - 1];
      const beyondLoaded =
        lane.hasMore && last !== undefined && (card.updatedAt ?? '') < (last.updatedAt ?? '');
      return { ...lane, tickets: beyondLoaded ? without : insertNewestFirst(without, card) };
    }),
  };
}

export function removeCard(board: KanbanBoard, ticketId: number): KanbanBoard {
  return {
    lanes: board.lanes.map((lane) => ({
      ...lane,
      tickets: lane.tickets.filter((card) => card.id !== ticketId),
    })),
  };
}

/**
 * A card dragged from one lane to another, before the server answers: the old lane's tag goes
 * and the new one comes (from or to Creados only one of them), the other tags stay.
 */
export function moveCard(
  board: KanbanBoard,
  move: { ticketId: number; fromTagId: number | null; toTagId: number | null },
  tags: readonly KanbanTagRef[],
): KanbanBoard {
  const card = board.lanes.flatMap((lane) => lane.tickets).find((other) => other.id === move.ticketId);
  if (!card) return board;
  const target = tags.find((tag) => tag.id === move.toTagId);
  const kept = card.tags.filter((tag) => tag.id !== move.fromTagId && tag.id !== move.toTagId);
  const moved = { ...card, tags: target ? [...kept, target] : kept };
  return placeCard(
    board,
    moved,
    tags.map((tag) => tag.id),
  );
}

/** The next page of one lane appended (without cards the board already shows in it). */
export function appendLanePage(
  board: KanbanBoard,
  tagId: number | null,
  page: { tickets: KanbanCard[]; hasMore: boolean },
): KanbanBoard {
  return {
    lanes: board.lanes.map((lane) => {
      if (lane.tagId !== tagId) return lane;
      const shown = new Set(lane.tickets.map((card) => card.id));
      return {
        ...lane,
        tickets: [...lane.tickets, ...page.tickets.filter((card) => !shown.has(card.id))],
        hasMore: page.hasMore,
        pages: lane.pages + 1,
      };
    }),
  };
}
