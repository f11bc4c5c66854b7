import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  plans: [] as { id: number; apiRateLimit?: number; apiBurstLimit?: number; apiMonthlyQuota?: number }[],
  companies: [] as { id: number; planId: number }[],
  calls: [] as string[],
  failCompany: undefined as number | undefined,
}));

vi.mock('#data/plans', () => ({ listPlans: vi.fn(async () => data.plans) }));
vi.mock('#data/companies', () => ({ listAllCompanies: vi.fn(async () => data.companies) }));
vi.mock('#homes/adapters', () => ({
  apiUsage: vi.fn(async () => ({
    putPlan: async ({ planId, limits }: { planId: number; limits: { rateLimit: number } }) =>
      void data.calls.push(`plan ${planId} rate ${limits.rateLimit}`),
    deletePlan: async () => undefined,
    assignCompany: async (companyId: number, { planId }: { planId: number }) => {
      if (companyId === data.failCompany) throw new Error('TooManyRequestsException');
      data.calls.push(`company ${companyId} in plan ${planId}`);
    },
    removeCompany: async () => undefined,
  })),
}));

const { handler } = await import('../src/tasks/api-usage-sync.ts');

beforeEach(() => {
  data.calls = [];
  data.failCompany = undefined;
  data.plans = [
    { id: 1, apiRateLimit: 10, apiBurstLimit: 20, apiMonthlyQuota: 100_000 },
    { id: 2, apiRateLimit: 3, apiBurstLimit: 6, apiMonthlyQuota: 0 },
  ];
  data.companies = [
    { id: 1, planId: 1 },
    { id: 7, planId: 2 },
    { id: 9, planId: 404 },
  ];
});

describe('the API usage sync task', () => {
  it('puts every plan and then every company with a known plan into its usage plan', async () => {
    const result = await handler();
    expect(data.calls).toEqual([
      'plan 1 rate 10',
      'plan 2 rate 3',
      'company 1 in plan 1',
      'company 7 in plan 2',
    ]);
    expect(result).toEqual({ plans: 2, companies: 2, failed: [] });
  });

  it('goes on past a failure and names it, without the error text in the answer', async () => {
    data.failCompany = 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await handler();
    expect(data.calls).toContain('company 7 in plan 2');
    expect(result.failed).toEqual(['company 1']);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});
