import { describe, expect, it } from 'vitest';
import { listCount, listCountDeltas } from '#domain/ticket-list-counts';

const ticket = (status: string, queue: string, user: string) => ({
  companyId: 1,
  status,
  ...(queue === 'none' ? {} : { queueId: Number(queue) }),
  ...(user === 'none' ? {} : { userId: Number(user) }),
});

describe('ticket list counts', () => {
  it('moves a created, accepted, transferred, closed and deleted ticket between partitions', () => {
    expect(listCountDeltas(undefined, ticket('pending', '3', 'none'))).toEqual({ 'C#1#TS#pending': 1, 'C#1#TSQ#pending#3': 1, 'C#1#TSU#pending#none': 1 });
    expect(listCountDeltas(ticket('pending', '3', 'none'), ticket('open', '3', '8'))).toEqual({
      'C#1#TS#pending': -1,
      'C#1#TSQ#pending#3': -1,
      'C#1#TSU#pending#none': -1,
      'C#1#TS#open': 1,
      'C#1#TSQ#open#3': 1,
      'C#1#TSU#open#8': 1,
    });
    expect(listCountDeltas(ticket('open', '3', '8'), ticket('open', '4', '8'))).toEqual({ 'C#1#TSQ#open#3': -1, 'C#1#TSQ#open#4': 1 });
    expect(listCountDeltas(ticket('open', '3', '8'), ticket('closed', '3', '8'))).toEqual({ 'C#1#TS#open': -1, 'C#1#TSQ#open#3': -1, 'C#1#TSU#open#8': -1 });
    expect(listCountDeltas(ticket('pending', '3', 'none'), undefined)).toEqual({ 'C#1#TS#pending': -1, 'C#1#TSQ#pending#3': -1, 'C#1#TSU#pending#none': -1 });
  });

  it('moves nothing for activity that keeps a ticket in its lists', () => {
    expect(listCountDeltas(ticket('open', '3', '8'), ticket('open', '3', '8'))).toEqual({});
    expect(listCountDeltas(ticket('closed', '3', '8'), ticket('closed', '3', '9'))).toEqual({});
  });

  it('shows the exact count when the page read every partition, the counters otherwise', () => {
    expect(listCount({ merged: 12, complete: true }, [40])).toBe(12);
    expect(listCount({ merged: 41, complete: false }, [300, 20])).toBe(320);
    // A counter a moment behind (or old data without one) never shows fewer than were read.
    expect(listCount({ merged: 41, complete: false }, [10, -3])).toBe(41);
  });
});
