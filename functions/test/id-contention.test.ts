import { describe, expect, it } from 'vitest';
import { contentionMemoryMs, IdContention } from '../src/modules/ingest/id-contention.ts';

describe('IdContention', () => {
  it('tries the counters as read when nothing else is writing a new customer of the company', () => {
    const contention = new IdContention();
    expect(contention.optimistic(1, 0)).toBe(true);
  });

  it('takes ids with ADD while another new customer of the company is in flight, not for other companies', () => {
    const contention = new IdContention();
    contention.start(1);
    contention.start(1);
    expect(contention.optimistic(1, 0)).toBe(false);
    expect(contention.optimistic(2, 0)).toBe(true);
    contention.finish(1);
    expect(contention.optimistic(1, 0)).toBe(false);
    contention.finish(1);
    expect(contention.optimistic(1, 0)).toBe(true);
  });

  it('remembers a conflict for a while, then tries the counters again', () => {
    const contention = new IdContention();
    contention.conflicted(1, 1_000);
    expect(contention.optimistic(1, 1_000 + contentionMemoryMs - 1)).toBe(false);
    expect(contention.optimistic(1, 1_000 + contentionMemoryMs)).toBe(true);
  });
});
