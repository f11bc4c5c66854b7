import { describe, expect, it } from 'vitest';
import { planAllows, planCreateInputSchema, planFlags, planSchema } from '../src/index.ts';
import { externalApiLimitsOf, planUpdateInputSchema } from '../src/entities/plan.ts';

describe('planAllows', () => {
  it('counts a flag as on unless it is explicitly false', () => {
    expect(planAllows({ useCampaigns: true }, 'useCampaigns')).toBe(true);
    expect(planAllows({}, 'useCampaigns')).toBe(true);
    expect(planAllows({ useCampaigns: null }, 'useCampaigns')).toBe(true);
    expect(planAllows({ useCampaigns: undefined }, 'useCampaigns')).toBe(true);
    expect(planAllows({ useCampaigns: false }, 'useCampaigns')).toBe(false);
  });

  it('looks only at the flag asked for', () => {
    const plan = { useKanban: false, useOpenAi: true };
    expect(planAllows(plan, 'useKanban')).toBe(false);
    expect(planAllows(plan, 'useOpenAi')).toBe(true);
    expect(planAllows(plan, 'useExternalApi')).toBe(true);
  });

  it('works on a stored plan', () => {
    const plan = planSchema.parse({
      id: 1,
      name: 'Básico',
      users: 3,
      connections: 1,
      queues: 2,
      value: 49,
      useInternalChat: false,
    });
    expect(planFlags.filter((flag) => !planAllows(plan, flag))).toEqual(['useInternalChat']);
  });
});

describe('plan input', () => {
  it('turns every flag on by default and coerces numbers', () => {
    const parsed = planCreateInputSchema.parse({
      name: 'Pro',
      users: '10',
      connections: '3',
      queues: '5',
      value: '99.9',
    });
    expect(parsed).toMatchObject({ name: 'Pro', users: 10, connections: 3, queues: 5, value: 99.9 });
    for (const flag of planFlags) expect(parsed[flag]).toBe(true);
  });

  it('leaves the flags an update does not send as they are (no defaults inside partial)', () => {
    const parsed = planUpdateInputSchema.parse({ value: '120' });
    expect(parsed).toEqual({ value: 120 });
    for (const flag of planFlags) expect(flag in parsed).toBe(false);
    expect(planUpdateInputSchema.parse({ useKanban: false })).toEqual({ useKanban: false });
  });

  it('requires a name and non-negative limits', () => {
    expect(planCreateInputSchema.safeParse({ users: 1, connections: 1, queues: 1, value: 1 }).success).toBe(
      false,
    );
    expect(
      planCreateInputSchema.safeParse({ name: 'X', users: -1, connections: 1, queues: 1, value: 1 }).success,
    ).toBe(false);
  });
});

describe('the external API limits of a plan', () => {
  it('default to 10 a second, a burst of 20 and 100,000 a month', () => {
    const parsed = planCreateInputSchema.parse({ name: 'Pro', users: 1, connections: 1, queues: 1, value: 1 });
    expect(parsed).toMatchObject({ apiRateLimit: 10, apiBurstLimit: 20, apiMonthlyQuota: 100_000 });
    expect(externalApiLimitsOf({})).toEqual({ rateLimit: 10, burstLimit: 20, monthlyQuota: 100_000 });
    expect(externalApiLimitsOf({ apiRateLimit: 2, apiMonthlyQuota: 0 })).toEqual({
      rateLimit: 2,
      burstLimit: 20,
      monthlyQuota: 0,
    });
  });

  it('refuse a rate or burst under 1 and keep what an update leaves out', () => {
    const base = { name: 'X', users: 1, connections: 1, queues: 1, value: 1 };
    expect(planCreateInputSchema.safeParse({ ...base, apiRateLimit: 0 }).success).toBe(false);
    expect(planCreateInputSchema.safeParse({ ...base, apiBurstLimit: 0 }).success).toBe(false);
    expect(planCreateInputSchema.safeParse({ ...base, apiMonthlyQuota: -1 }).success).toBe(false);
    expect(planUpdateInputSchema.parse({ apiRateLimit: '3' })).toEqual({ apiRateLimit: 3 });
  });
});
