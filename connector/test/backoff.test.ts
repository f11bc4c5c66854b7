import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, defaultBackoff } from '../src/backoff.ts';

describe('backoff with full jitter', () => {
  it('doubles the ceiling from 1 s up to the 60 s cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffCeiling(n, defaultBackoff))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('draws each delay in [0, ceiling)', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const ceiling = backoffCeiling(attempt, defaultBackoff);
      expect(backoffDelay(attempt, defaultBackoff, () => 0)).toBe(0);
      expect(backoffDelay(attempt, defaultBackoff, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(attempt, defaultBackoff, () => 0.999999)).toBeGreaterThanOrEqual(ceiling - 1);
      for (let draw = 0; draw < 50; draw += 1) {
        const delay = backoffDelay(attempt, defaultBackoff, Math.random);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }
    }
  });

  it('spreads reconnecting sessions apart (not a fixed 2 s)', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(3, defaultBackoff, Math.random)));
    expect(delays.size).toBeGreaterThan(10);
  });
});
