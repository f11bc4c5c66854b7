import { describe, expect, it } from 'vitest';
import { isNearBottom } from './scroll.ts';

describe('isNearBottom', () => {
  it('is true within 100 px of the end', () => {
    expect(isNearBottom({ scrollTop: 401, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});
