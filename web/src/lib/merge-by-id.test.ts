import { describe, expect, it } from 'vitest';
import { listsContain, removeById, removeFromLists, upsertById, upsertInLists } from './merge-by-id.ts';

const a = { id: 1, name: 'Ana' };
const b = { id: 2, name: 'Beto' };
const c = { id: 3, name: 'Cris' };

describe('merge by id', () => {
  it('replaces an item where it is, on any page', () => {
    expect(upsertInLists([[a], [b, c]], { id: 3, name: 'Cristina' })).toEqual([
      [a],
      [b, { id: 3, name: 'Cristina' }],
    ]);
  });

  it('puts a new item first on the first page', () => {
    expect(upsertInLists([[a], [b]], c)).toEqual([[c, a], [b]]);
    expect(upsertInLists([], c)).toEqual([[c]]);
  });

  it('removes an item from whichever page holds it, whatever the id type', () => {
    expect(removeFromLists([[a], [b, c]], '2')).toEqual([[a], [c]]);
    expect(listsContain([[a], [b]], 2)).toBe(true);
    expect(listsContain([[a], [b]], 9)).toBe(false);
  });

  it('works on flat lists', () => {
    expect(upsertById([a, b], { id: 1, name: 'Ana María' })).toEqual([{ id: 1, name: 'Ana María' }, b]);
    expect(upsertById([a], b)).toEqual([b, a]);
    expect(removeById([a, b], 1)).toEqual([b]);
  });
});
