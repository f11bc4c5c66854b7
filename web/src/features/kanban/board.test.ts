import { describe, expect, it } from 'vitest';
import {
  appendLanePage,
  lanesOfCard,
  moveCard,
  placeCard,
  removeCard,
  type KanbanBoard,
  type KanbanCard,
} from './board.ts';

const doing = { id: 3, name: 'En curso', color: '#2196f3', kanban: 1 };
const done = { id: 5, name: 'Hecho', color: '#4caf50', kanban: 1 };
const plain = { id: 9, name: 'Simple', color: '#000000', kanban: 0 };
const lanes = [doing, done];
const card = (
  id: number,
  updatedAt: string,
  tags = [] as KanbanCard['tags'],
  status = 'pending',
): KanbanCard => ({
  id,
  uuid: `u${id}`,
  status,
  lastMessage: 'hola',
  contact: { name: `Cliente ${id}`, number: `55${id}` },
  tags,
  updatedAt,
});
const board = (...laneCards: KanbanCard[][]): KanbanBoard => ({
  lanes: [null, 3, 5].map((tagId, index) => ({
    tagId,
    tickets: laneCards[index] ?? [],
    hasMore: false,
    pages: 1,
  })),
});
const ids = (b: KanbanBoard) => b.lanes.map((lane) => lane.tickets.map((c) => c.id));

describe('kanban board state', () => {
  it('places a ticket by its kanban tags, in Creados without any, nowhere when closed', () => {
    expect(lanesOfCard(card(1, 'a', [plain]), [3, 5])).toEqual([null]);
    expect(lanesOfCard(card(1, 'a', [plain, done]), [3, 5])).toEqual([5]);
    expect(lanesOfCard(card(1, 'a', [doing], 'closed'), [3, 5])).toEqual([]);
  });

  it('moves a card: old lane tag off, new one on, other tags kept; to and from Creados', () => {
    const start = board([card(1, '2026-01-02', [plain]), card(2, '2026-01-01')]);
    const toDoing = moveCard(start, { ticketId: 1, fromTagId: null, toTagId: 3 }, lanes);
    expect(ids(toDoing)).toEqual([[2], [1], []]);
    expect(toDoing.lanes[1]!.tickets[0]!.tags.map((t) => t.id)).toEqual([9, 3]);
    const toDone = moveCard(toDoing, { ticketId: 1, fromTagId: 3, toTagId: 5 }, lanes);
    expect(ids(toDone)).toEqual([[2], [], [1]]);
    expect(toDone.lanes[2]!.tickets[0]!.tags.map((t) => t.id)).toEqual([9, 5]);
    const back = moveCard(toDone, { ticketId: 1, fromTagId: 5, toTagId: null }, lanes);
    expect(ids(back)).toEqual([[1, 2], [], []]);
  });

  it('merges live updates: a moved ticket changes lanes, a closed one leaves, newest first', () => {
    const start = board([card(1, '2026-01-03'), card(2, '2026-01-01')]);
    const moved = placeCard(start, card(2, '2026-01-01', [done]), [3, 5]);
    expect(ids(moved)).toEqual([[1], [], [2]]);
    const newer = placeCard(moved, card(4, '2026-01-02'), [3, 5]);
    expect(ids(newer)).toEqual([[1, 4], [], [2]]);
    expect(ids(placeCard(newer, card(1, '2026-01-03', [], 'closed'), [3, 5]))).toEqual([[4], [], [2]]);
    expect(ids(removeCard(newer, 2))).toEqual([[1, 4], [], []]);
  });

  it('leaves a card older than a paged lane shows to the next page, and pages without repeats', () => {
    const paged: KanbanBoard = {
      lanes: [{ tagId: null, tickets: [card(1, '2026-01-03')], hasMore: true, pages: 1 }],
    };
    expect(ids(placeCard(paged, card(2, '2026-01-01'), []))).toEqual([[1]]);
    expect(ids(placeCard(paged, card(2, '2026-01-04'), []))).toEqual([[2, 1]]);
    const next = appendLanePage(paged, null, {
      tickets: [card(1, '2026-01-03'), card(2, '2026-01-01')],
      hasMore: false,
    });
    expect(ids(next)).toEqual([[1, 2]]);
    expect(next.lanes[0]).toMatchObject({ hasMore: false, pages: 2 });
  });
});
