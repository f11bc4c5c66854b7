import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';

/**
 * The local gateway's stand-in for the external API's usage plan (infra/local/src/gateway/
 * external-api-limit.ts): a small burst and quota here, so the answers past them show.
 */
let env: TestRuntime;
let admin: ApiClient;
const limits = {
  ATENDE_EXTERNAL_API_RATE: '1',
  ATENDE_EXTERNAL_API_BURST: '2',
  ATENDE_EXTERNAL_API_QUOTA: '3',
};

beforeAll(async () => {
  Object.assign(process.env, limits);
  env = await startTestRuntime();
  admin = env.client();
  await signUpCompany(admin, 'API límites');
});
afterAll(async () => {
  for (const name of Object.keys(limits)) delete process.env[name];
  await env?.stop();
});

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

describe('POST /api/messages/send past its limits', () => {
  it('answers 429 with Retry-After past the burst, and past the monthly quota, per token', async () => {
    const created = await admin.post<{ token: string }>('/whatsapp', {
      name: 'Límites',
      provider: 'sandbox',
      isDefault: true,
    });
    expect(created.status).toBe(201);
    const token = created.body.token;
    // Two calls fit the burst of 2 (the messages wait for the connection); the third is refused.
    const first = await Promise.all([send(token), send(token), send(token)]);
    expect(first.filter((a) => a.status === 429)).toHaveLength(1);
    const refused = first.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(first.filter((a) => a.status !== 429)).toHaveLength(2);

    // After the bucket refills, one more call is the third of the month's quota of 3; the next is refused.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send(token)).status).not.toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const overQuota = await send(token);
    expect(overQuota.status).toBe(429);
    expect(Number(overQuota.retryAfter)).toBeGreaterThan(1);

    // Another token (another connection) is not affected.
    expect((await send('otro-token-que-no-existe')).status).toBe(401);
  });
});
