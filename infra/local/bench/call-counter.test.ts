import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript without types (function threads load it untranspiled).
import { collectCalls } from './call-counter.mjs';

describe('the call counter', () => {
  it("counts the asking thread's own calls once", async () => {
    const count = (globalThis as unknown as { atendeBenchCount: (name: string, amount?: number) => void })
      .atendeBenchCount;
    count('probe.once');
    count('probe.amount', 3);
    // The thread's own listener answers the broadcast too: its counts must not be added twice.
    const total = (await collectCalls(100)) as Record<string, number>;
    expect(total['probe.once']).toBe(1);
    expect(total['probe.amount']).toBe(3);
  });
});
