import { describe, expect, it } from 'vitest';
import { rateExpressionMs } from '../src/local-scheduler.ts';

describe('recurring schedule expressions', () => {
  it('reads EventBridge Scheduler rate expressions', () => {
    expect(rateExpressionMs('rate(1 hour)')).toBe(3_600_000);
    expect(rateExpressionMs('rate(5 minutes)')).toBe(300_000);
    expect(rateExpressionMs('rate(2 days)')).toBe(172_800_000);
  });

  it('refuses what EventBridge Scheduler refuses', () => {
    for (const wrong of [
      'rate(1 hours)',
      'rate(2 hour)',
      'rate(0 minutes)',
      'rate(1 week)',
      'cron(0 6 * * ? *)',
    ])
      expect(() => rateExpressionMs(wrong), wrong).toThrow(/ValidationException/);
  });
});
