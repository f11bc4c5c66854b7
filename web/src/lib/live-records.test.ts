import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyRecordEvent, applyRecordEventToLists, parseRecordEvent } from './live-records.ts';

interface Row {
  id: number;
  name: string;
}
interface Page {
  tags: Row[];
  count?: number;
  hasMore: boolean;
}

const keys = { record: ['tag'], id: ['tagId'] };
const data = (): InfiniteData<Page, number> => ({
  pageParams: [1, 2],
  pages: [
    { tags: [{ id: 1, name: 'a' }], count: 2, hasMore: true },
    { tags: [{ id: 2, name: 'b' }], hasMore: false },
  ],
});

describe('live list events (extended §4: merge by id)', () => {
  it('reads create, update and delete under the given keys', () => {
    expect(parseRecordEvent({ action: 'create', tag: { id: 3, name: 'c' } }, keys)).toEqual({
      action: 'create',
      record: { id: 3, name: 'c' },
    });
    expect(parseRecordEvent({ action: 'delete', tagId: 3 }, keys)).toEqual({ action: 'delete', id: 3 });
    expect(parseRecordEvent({ action: 'update', other: { id: 3 } }, keys)).toBeUndefined();
    expect(parseRecordEvent({ action: 'reload' }, keys)).toBeUndefined();
    expect(parseRecordEvent(null, keys)).toBeUndefined();
  });

  it('replaces in place, inserts first and counts, removes from any page', () => {
    const updated = applyRecordEvent(data(), 'tags', { action: 'update', record: { id: 2, name: 'B' } });
    expect(updated?.pages[1]?.tags).toEqual([{ id: 2, name: 'B' }]);
    expect(updated?.pages[0]?.count).toBe(2);
    const created = applyRecordEvent(data(), 'tags', { action: 'create', record: { id: 3, name: 'c' } });
    expect(created?.pages[0]?.tags.map((row) => row.id)).toEqual([3, 1]);
    expect(created?.pages[0]?.count).toBe(3);
    const removed = applyRecordEvent(data(), 'tags', { action: 'delete', id: '2' });
    expect(removed?.pages[1]?.tags).toEqual([]);
    expect(removed?.pages[0]?.count).toBe(1);
  });

  it('leaves a filtered list alone for a record it does not show', () => {
    const before = data();
    expect(applyRecordEvent(before, 'tags', { action: 'create', record: { id: 9, name: 'z' } }, false)).toBe(
      before,
    );
    expect(applyRecordEvent(before, 'tags', { action: 'delete', id: 9 })).toBe(before);
    expect(applyRecordEvent(undefined, 'tags', { action: 'delete', id: 9 })).toBeUndefined();
  });

  it('merges into every loaded list under the key; a new record joins only the unfiltered one', () => {
    const client = new QueryClient();
    const all = ['tags', 'list', { searchParam: '' }];
    const filtered = ['tags', 'list', { searchParam: 'a' }];
    client.setQueryData(all, data());
    client.setQueryData(filtered, data());
    client.setQueryData(['tags', 'options'], [{ id: 1, name: 'a' }]);
    applyRecordEventToLists(client, ['tags', 'list'], 'tags', {
      action: 'create',
      record: { id: 3, name: 'c' },
    });
    applyRecordEventToLists(client, ['tags', 'list'], 'tags', {
      action: 'update',
      record: { id: 1, name: 'A' },
    });
    const names = (key: unknown[]) =>
      client
        .getQueryData<InfiniteData<Page, number>>(key)
        ?.pages.flatMap((page) => page.tags.map((row) => row.name));
    expect(names(all)).toEqual(['c', 'A', 'b']);
    expect(names(filtered)).toEqual(['A', 'b']);
    expect(client.getQueryData(['tags', 'options'])).toEqual([{ id: 1, name: 'a' }]);
  });
});
