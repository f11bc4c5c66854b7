import { describe, expect, it } from 'vitest';
import { ContainerCache } from '../src/domain/container-cache.ts';

describe('a per-container cache', () => {
  it('loads once while fresh, again once stale or forgotten, and keeps no failed load', async () => {
    let now = 1_000;
    const cache = new ContainerCache<number, string>(500, () => now);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get(1, load)).toBe('v1');
    now += 499;
    expect(await cache.get(1, load)).toBe('v1');
    now += 1;
    expect(await cache.get(1, load)).toBe('v2');
    cache.forget(1);
    expect(cache.peek(1)).toBeUndefined();
    expect(await cache.get(1, load)).toBe('v3');
    await expect(cache.get(2, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(cache.peek(2)).toBeUndefined();
    expect(await cache.get(2, load)).toBe('v4');
  });

  it('drops the oldest key past its size', async () => {
    const cache = new ContainerCache<number, number>(10_000, Date.now, 2);
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(cache.peek(1)).toBeUndefined();
    expect(await cache.peek(3)).toBe(3);
  });
});
