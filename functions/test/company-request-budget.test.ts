import { describe, expect, it, vi } from 'vitest';
import { createCompanyRequestBudget } from '#domain/company-request-budget';

/** A shared counter several containers add to, as the table's counter item is. */
function sharedCounter() {
  const totals = new Map<string, number>();
  const add = vi.fn(async (companyId: number, window: number, count: number) => {
    const key = `${companyId}#${window}`;
    const total = (totals.get(key) ?? 0) + count;
    totals.set(key, total);
    return total;
  });
  return { add, totals };
}

const settings = { limit: 10, windowMs: 60_000, flushEveryMs: 2_000 };

describe('the company request budget', () => {
  it('is exact within one container: the limit-th request passes, the next is refused until the minute ends', async () => {
    let now = 60_000 * 100 + 15_000;
    const counter = sharedCounter();
    const budget = createCompanyRequestBudget(settings, counter.add, () => now);
    for (let i = 0; i < 10; i += 1) expect(await budget.take(1)).toEqual({ allowed: true });
    expect(await budget.take(1)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another company is not charged for the first one's requests.
    expect(await budget.take(2)).toEqual({ allowed: true });
    now += 45_000;
    expect(await budget.take(1)).toEqual({ allowed: true });
  });

  it('adds to the shared counter at most once per flush period, the first request of a window at once', async () => {
    let now = 0;
    const counter = sharedCounter();
    const budget = createCompanyRequestBudget({ ...settings, limit: 1000 }, counter.add, () => now);
    for (let i = 0; i < 50; i += 1) await budget.take(1);
    expect(counter.add).toHaveBeenCalledTimes(1);
    now += 2_000;
    await budget.take(1);
    expect(counter.add).toHaveBeenCalledTimes(2);
    expect(counter.totals.get('1#0')).toBe(51);
  });

  it('learns what the other containers spent and refuses once the company total is reached', async () => {
    let now = 0;
    const counter = sharedCounter();
    const first = createCompanyRequestBudget(settings, counter.add, () => now);
    const second = createCompanyRequestBudget(settings, counter.add, () => now);
    for (let i = 0; i < 8; i += 1) await first.take(7);
    now += 2_000;
    await first.take(7); // flushes: the shared counter holds 9
    expect(await second.take(7)).toEqual({ allowed: true }); // first of its window: flushes, learns 10
    expect((await second.take(7)).allowed).toBe(false);
  });

  it('never refuses when off, and never costs a request when the counter fails', async () => {
    const failing = vi.fn(async () => {
      throw new Error('throttled');
    });
    const onError = vi.fn();
    const off = createCompanyRequestBudget({ ...settings, limit: 0 }, failing, () => 0, onError);
    expect(await off.take(1)).toEqual({ allowed: true });
    expect(failing).not.toHaveBeenCalled();
    let now = 0;
    const on = createCompanyRequestBudget(settings, failing, () => now, onError);
    expect(await on.take(1)).toEqual({ allowed: true });
    expect(onError).toHaveBeenCalledTimes(1);
    // The unsaved count is kept and still counts here.
    for (let i = 0; i < 9; i += 1) await on.take(1);
    now += 1;
    expect((await on.take(1)).allowed).toBe(false);
  });
});
