import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';

/**
 * The external API's usage plans as the local gateway applies them (infra/local/src/gateway/
 * external-api-gate.ts and external-api-limit.ts, the stand-ins for API Gateway's authorizer and
 * usage plans): the limits are the company's plan's, per company, so a second company on another
 * plan is not held back by the first one's.
 */
let env: TestRuntime;
let root: ApiClient;

beforeAll(async () => {
  env = await startTestRuntime();
  root = env.client();
  expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
});
afterAll(async () => {
  await env?.stop();
});

/** A company on a new plan with these limits, its admin signed in, and a sandbox connection's token. */
async function companyOnPlan(label: string, limits: Record<string, number>) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const plan = await root.post<{ id: number }>('/plans', {
    name: `${label} ${stamp}`,
    users: 3,
    connections: 2,
    queues: 2,
    value: 10,
    ...limits,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  const email = `${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}@example.com`;
  const company = await root.post('/companies', {
    name: `${label} ${stamp}`,
    email,
    password: 'secret1',
    planId: plan.body.id,
  });
  expect(company.status).toBe(201);
  const admin = env.client();
  expect((await admin.login(email, 'secret1')).status).toBe(200);
  const connection = await admin.post<{ token: string }>('/whatsapp', {
    name: label,
    provider: 'sandbox',
    isDefault: true,
  });
  expect(connection.status).toBe(201);
  return { planId: plan.body.id, token: connection.body.token };
}

const send = async (token: string) => {
  const answer = await fetch(`${env.runtime.url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number: '5511977770001', body: 'hola' }),
  });
  return {
    status: answer.status,
    retryAfter: answer.headers.get('retry-after'),
    body: (await answer.json()) as { error?: string },
  };
};

describe('POST /api/messages/send past its plan limits', () => {
  it('answers 429 with Retry-After past the burst and the monthly quota of the plan, per company', async () => {
    const slow = await companyOnPlan('API lenta', { apiRateLimit: 1, apiBurstLimit: 2, apiMonthlyQuota: 3 });
    const fast = await companyOnPlan('API rápida', { apiRateLimit: 50, apiBurstLimit: 50 });

    // Two calls fit the slow plan's burst of 2 (the messages wait for the connection); the third
    // is refused. The other company's three calls at the same moment all pass.
    const [first, other] = await Promise.all([
      Promise.all([send(slow.token), send(slow.token), send(slow.token)]),
      Promise.all([send(fast.token), send(fast.token), send(fast.token)]),
    ]);
    expect(first.filter((a) => a.status === 429)).toHaveLength(1);
    const refused = first.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(first.filter((a) => a.status === 201)).toHaveLength(2);
    expect(other.map((a) => a.status)).toEqual([201, 201, 201]);

    // After the bucket refills, one more call is the third of the month's quota of 3; the next is
    // refused until next month. The other company is still unaffected.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send(slow.token)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const overQuota = await send(slow.token);
    expect(overQuota.status).toBe(429);
    expect(overQuota.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(overQuota.retryAfter)).toBeGreaterThan(1);
    expect((await send(fast.token)).status).toBe(201);

    // A larger quota on the plan applies at once (the usage-plan port), without waiting for the
    // authorizer's cached answer to expire.
    expect((await root.put(`/plans/${slow.planId}`, { apiMonthlyQuota: 10 })).status).toBe(200);
    expect((await send(slow.token)).status).toBe(201);

    // A wrong token is refused before any plan is looked at.
    expect(await send('otro-token-que-no-existe')).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });
  });
});
