import { describe, expect, it } from 'vitest';
import { idListParamSchema, kanbanQuerySchema, ticketListQuerySchema } from '../src/index.ts';

describe('ticket list query', () => {
  it('fills the defaults for an empty query', () => {
    expect(ticketListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      searchParam: '',
      showAll: false,
      tags: [],
      users: [],
      queueIds: [],
      withUnreadMessages: false,
    });
  });

  it('parses a full query string', () => {
    expect(
      ticketListQuerySchema.parse({
        pageNumber: '3',
        searchParam: ' joão ',
        status: 'pending',
        showAll: 'true',
        tags: '[1,2]',
        users: '[7]',
        queueIds: '[4,5,6]',
        date: '2024-05-10',
        updatedAt: '2024-05-10T12:00:00Z',
        withUnreadMessages: 'false',
      }),
    ).toEqual({
      pageNumber: 3,
      searchParam: 'joão',
      status: 'pending',
      showAll: true,
      tags: [1, 2],
      users: [7],
      queueIds: [4, 5, 6],
      date: '2024-05-10',
      updatedAt: '2024-05-10T12:00:00Z',
      withUnreadMessages: false,
    });
  });

  it('accepts id lists as JSON strings, repeated values, comma lists, single values and arrays', () => {
    const shapes: unknown[] = ['[1,2]', ['1', '2'], '1,2', ['[1]', '2'], [1, 2], ' [ 1 , 2 ] '];
    for (const queueIds of shapes) {
      expect(ticketListQuerySchema.parse({ queueIds }).queueIds).toEqual([1, 2]);
    }
    expect(ticketListQuerySchema.parse({ queueIds: '5' }).queueIds).toEqual([5]);
    expect(ticketListQuerySchema.parse({ queueIds: '[]' }).queueIds).toEqual([]);
    expect(ticketListQuerySchema.parse({ queueIds: '' }).queueIds).toEqual([]);
  });

  it('removes duplicate ids', () => {
    expect(idListParamSchema.parse(['3', '[3,4]', '4'])).toEqual([3, 4]);
  });

  it('refuses malformed id lists', () => {
    expect(ticketListQuerySchema.safeParse({ tags: '[1,' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ tags: '{"a":1}' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ tags: '[0]' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ tags: 'abc' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ users: ['1', 'x'] }).success).toBe(false);
  });

  it('reads booleans from the query string', () => {
    expect(ticketListQuerySchema.parse({ showAll: '1', withUnreadMessages: 'true' })).toMatchObject({
      showAll: true,
      withUnreadMessages: true,
    });
    expect(ticketListQuerySchema.parse({ showAll: false }).showAll).toBe(false);
    expect(ticketListQuerySchema.safeParse({ showAll: 'perhaps' }).success).toBe(false);
  });

  it('refuses an unknown status, a bad page and a bad date', () => {
    expect(ticketListQuerySchema.safeParse({ status: 'archived' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ pageNumber: '0' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ pageNumber: 'two' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ date: '10/05/2024' }).success).toBe(false);
  });

  it('serves the kanban query too', () => {
    expect(kanbanQuerySchema.parse({ queueIds: '[1,2]' })).toEqual({ queueIds: [1, 2] });
  });
});
