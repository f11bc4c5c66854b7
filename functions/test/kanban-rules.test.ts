import { describe, expect, it } from 'vitest';
import { kanbanBoardQuerySchema, kanbanMoveInputSchema } from '@atende/shared/entities/kanban';
import { AppError } from '../src/domain/app-error.ts';
import {
  inPartitions,
  kanbanPartitions,
  lanesOfTicket,
  laneFilter,
  laneKeysOf,
  linkedLaneMax,
  linkMayShow,
  listKeysOfLane,
  planKanbanMove,
  readsLaneThroughLinks,
} from '../src/domain/kanban-rules.ts';

const kanban = [3, 5];
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

describe('kanban lanes', () => {
  it('puts a ticket without kanban tags in Creados, whatever its other tags', () => {
    expect(lanesOfTicket({ status: 'open', tagIds: [] }, kanban)).toEqual([null]);
    expect(lanesOfTicket({ status: 'pending' }, kanban)).toEqual([null]);
    expect(lanesOfTicket({ status: 'open', tagIds: [9] }, kanban)).toEqual([null]);
  });

  it('puts a ticket on each kanban lane it carries, and a closed ticket on none', () => {
    expect(lanesOfTicket({ status: 'open', tagIds: [9, 5] }, kanban)).toEqual([5]);
    expect(lanesOfTicket({ status: 'pending', tagIds: [3, 5] }, kanban)).toEqual([3, 5]);
    expect(lanesOfTicket({ status: 'closed', tagIds: [3] }, kanban)).toEqual([]);
    expect(lanesOfTicket({ status: 'closed', tagIds: [] }, kanban)).toEqual([]);
  });

  it('filters Creados by none of the kanban tags and a tag lane by its tag', () => {
    expect(laneFilter(null, kanban)).toEqual({ kind: 'none-of', tagIds: [3, 5] });
    expect(laneFilter(5, kanban)).toEqual({ kind: 'tag', tagId: 5 });
  });

  it('reads only open and pending list partitions, as the ticket lists choose them', () => {
    const admin = kanbanPartitions(1, [], { userId: 1, isAdmin: true, queueIds: [], allTicket: 'enabled' });
    expect(admin.map((p) => p.partition)).toEqual(['C#1#TS#open', 'C#1#TS#pending']);
    const agent = kanbanPartitions(1, [], {
      userId: 4,
      isAdmin: false,
      queueIds: [7, 8],
      allTicket: 'enabled',
    });
    expect(agent.map((p) => p.partition)).toEqual([
      'C#1#TSU#open#4',
      'C#1#TSQ#pending#7',
      'C#1#TSQ#pending#8',
      'C#1#TSQ#pending#none',
    ]);
    const filtered = kanbanPartitions(1, [8, 9], {
      userId: 4,
      isAdmin: false,
      queueIds: [7, 8],
      allTicket: 'desabled',
    });
    expect(filtered.map((p) => p.partition)).toEqual(['C#1#TSU#open#4', 'C#1#TSQ#pending#8']);
    expect([...admin, ...agent, ...filtered].some((p) => p.partition.includes('closed'))).toBe(false);
  });
});

describe('kanban lane sources', () => {
  it('reads a small tag lane through its links and Creados or a busy lane through the lists', () => {
    expect(readsLaneThroughLinks(3, 0)).toBe(true);
    expect(readsLaneThroughLinks(3, linkedLaneMax)).toBe(true);
    expect(readsLaneThroughLinks(3, linkedLaneMax + 1)).toBe(false);
    expect(readsLaneThroughLinks(null, 0)).toBe(false);
  });

  it('keeps a linked ticket only if one of the board partitions holds it', () => {
    const agent = kanbanPartitions(1, [], {
      userId: 4,
      isAdmin: false,
      queueIds: [7],
      allTicket: 'desabled',
    });
    expect(inPartitions(1, { status: 'open', queueId: 7, userId: 4 }, agent)).toBe(true);
    expect(inPartitions(1, { status: 'pending', queueId: 7 }, agent)).toBe(true);
    // Someone else's open ticket in the agent's queue: not in the agent's open list.
    expect(inPartitions(1, { status: 'open', queueId: 7, userId: 5 }, agent)).toBe(false);
    expect(inPartitions(1, { status: 'pending', queueId: 8 }, agent)).toBe(false);
    expect(inPartitions(1, { status: 'pending' }, agent)).toBe(false);
    expect(inPartitions(1, { status: 'closed', queueId: 7, userId: 4 }, agent)).toBe(false);
    const admin = kanbanPartitions(1, [], { userId: 1, isAdmin: true, queueIds: [], allTicket: 'enabled' });
    expect(inPartitions(1, { status: 'pending' }, admin)).toBe(true);
    expect(inPartitions(1, { status: 'closed' }, admin)).toBe(false);
    expect(inPartitions(2, { status: 'open' }, admin)).toBe(false);
  });
});

describe('kanban moves', () => {
  it('removes the old lane tag, then adds the new one, keeping the other tags', () => {
    expect(planKanbanMove([9, 3], { fromTagId: 3, toTagId: 5 }, kanban)).toEqual([9, 5]);
  });

  it('only adds from Creados and only removes to Creados', () => {
    expect(planKanbanMove([9], { fromTagId: null, toTagId: 3 }, kanban)).toEqual([9, 3]);
    expect(planKanbanMove([9, 5], { fromTagId: 5, toTagId: null }, kanban)).toEqual([9]);
  });

  it('refuses a move from a lane the ticket is no longer on (someone moved it)', () => {
    expect(codeOf(() => planKanbanMove([5], { fromTagId: 3, toTagId: null }, kanban))).toBe(
      'ERR_TICKET_CONFLICT',
    );
    expect(codeOf(() => planKanbanMove([3], { fromTagId: null, toTagId: 5 }, kanban))).toBe(
      'ERR_TICKET_CONFLICT',
    );
  });

  it('refuses lanes that are not kanban tags', () => {
    expect(codeOf(() => planKanbanMove([9], { fromTagId: null, toTagId: 9 }, kanban))).toBe('ERR_VALIDATION');
    expect(codeOf(() => planKanbanMove([9], { fromTagId: 9, toTagId: 3 }, kanban))).toBe('ERR_VALIDATION');
  });

  it('leaves a ticket already on the target lane with one link to it', () => {
    expect(planKanbanMove([3, 5], { fromTagId: 3, toTagId: 5 }, kanban)).toEqual([5]);
  });
});

describe('kanban inputs', () => {
  it('reads the lane as creados or a tag id, with the first page by default', () => {
    expect(kanbanBoardQuerySchema.parse({ queueIds: '[1,2]' })).toEqual({ queueIds: [1, 2], pageNumber: 1 });
    expect(kanbanBoardQuerySchema.parse({ lane: 'creados', pageNumber: '2' })).toEqual({
      queueIds: [],
      lane: 'creados',
      pageNumber: 2,
    });
    expect(kanbanBoardQuerySchema.parse({ lane: '7' })).toMatchObject({ lane: 7 });
    expect(kanbanBoardQuerySchema.safeParse({ lane: 'otro' }).success).toBe(false);
  });

  it('needs both ends of a move, null being Creados', () => {
    expect(kanbanMoveInputSchema.safeParse({ fromTagId: null, toTagId: 3 }).success).toBe(true);
    expect(kanbanMoveInputSchema.safeParse({ toTagId: 3 }).success).toBe(false);
    expect(kanbanMoveInputSchema.safeParse({ fromTagId: 0, toTagId: 3 }).success).toBe(false);
  });
});

describe('the list keys a tag link carries', () => {
  it('round-trips status, queue and user, with none as empty', () => {
    expect(laneKeysOf({ status: 'open', queueId: 4, userId: 7 })).toBe('open|4|7');
    expect(laneKeysOf({ status: 'pending', queueId: null })).toBe('pending||');
    expect(listKeysOfLane('open|4|7')).toEqual({ status: 'open', queueId: 4, userId: 7 });
    expect(listKeysOfLane('pending||')).toEqual({ status: 'pending', queueId: null, userId: null });
    expect(listKeysOfLane(undefined)).toBeUndefined();
  });

  it('lets through only links whose ticket is in the viewer\'s partitions, and links without keys', () => {
    const agent = { userId: 7, isAdmin: false, queueIds: [4], allTicket: 'desabled' as const };
    const partitions = kanbanPartitions(1, [4], agent);
    expect(linkMayShow(1, 'open|4|7', partitions)).toBe(true);
    expect(linkMayShow(1, 'pending|4|', partitions)).toBe(true);
    expect(linkMayShow(1, 'open|4|8', partitions)).toBe(false);
    expect(linkMayShow(1, 'pending|5|', partitions)).toBe(false);
    expect(linkMayShow(1, 'closed|4|7', partitions)).toBe(false);
    expect(linkMayShow(1, undefined, partitions)).toBe(true);
  });
});
