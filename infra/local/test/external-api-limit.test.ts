import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createExternalApiGate } from '../src/gateway/external-api-gate.ts';
import { createExternalApiLimiter, isExternalSend } from '../src/gateway/external-api-limit.ts';

const plan = (planId: number, rateLimit: number, burstLimit: number, monthlyQuota: number) => ({
  planId,
  limits: { rateLimit, burstLimit, monthlyQuota },
});

describe('the external API limiter (usage plans)', () => {
  it('lets a burst through, then refuses with Retry-After until the rate refills the bucket', () => {
    let now = Date.UTC(2026, 0, 10);
    const limiter = createExternalApiLimiter(() => now);
    const authorized = plan(1, 2, 3, 0);
    expect([1, 2, 3].map(() => limiter.take('k1', authorized).allowed)).toEqual([true, true, true]);
    expect(limiter.take('k1', authorized)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another company's key has its own bucket.
    expect(limiter.take('k2', authorized).allowed).toBe(true);
    now += 500;
    expect(limiter.take('k1', authorized).allowed).toBe(true);
    expect(limiter.take('k1', authorized).allowed).toBe(false);
  });

  it('refuses past the monthly quota until the next month', () => {
    let now = Date.UTC(2026, 0, 31, 23, 59, 0);
    const limiter = createExternalApiLimiter(() => now);
    const authorized = plan(1, 100, 100, 2);
    expect(limiter.take('k', authorized).allowed).toBe(true);
    expect(limiter.take('k', authorized).allowed).toBe(true);
    expect(limiter.take('k', authorized)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = Date.UTC(2026, 1, 1, 0, 0, 1);
    expect(limiter.take('k', authorized).allowed).toBe(true);
  });

  it("prefers what the usage-plan port set over the authorizer's cached word", async () => {
    const now = Date.UTC(2026, 0, 10);
    const limiter = createExternalApiLimiter(() => now);
    const key = 'atende-local-company-7-usage-key';
    // The authorizer (cached) still says plan 1 with a burst of 1; the company moved to plan 2.
    await limiter.assignCompany(7, plan(2, 1, 3, 0));
    expect([1, 2, 3, 4].map(() => limiter.take(key, plan(1, 1, 1, 0)).allowed)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // The plan's limits change: the port says so at once.
    await limiter.putPlan(plan(2, 1, 1, 1));
    expect(limiter.take(key, plan(1, 100, 100, 0)).allowed).toBe(false);
    await limiter.removeCompany(7);
    expect(limiter.take(key, plan(1, 100, 100, 0)).allowed).toBe(true);
    expect(isExternalSend('POST', '/api/messages/send')).toBe(true);
    expect(isExternalSend('POST', '/api/messages/12')).toBe(false);
    expect(isExternalSend('GET', '/api/messages/send')).toBe(false);
  });
});

function requestWith(authorization?: string): IncomingMessage {
  return {
    headers: authorization ? { authorization } : {},
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
}

describe('the external API gate (authorizer and usage plans)', () => {
  const allow = (companyId: number, rate: number, burst: number) => ({
    principalId: `company-${companyId}`,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 'execute-api:Invoke', Resource: '*' }],
    },
    usageIdentifierKey: `atende-local-company-${companyId}-usage-key`,
    context: { companyId, planId: companyId, apiRateLimit: rate, apiBurstLimit: burst, apiMonthlyQuota: 0 },
  });

  it('answers 401 without calling the authorizer when there is no Authorization header', async () => {
    const calls: unknown[] = [];
    const gate = createExternalApiGate({
      authorize: async (event) => void calls.push(event),
      limiter: createExternalApiLimiter(),
      ttlSeconds: 60,
      region: 'us-east-1',
    });
    expect(await gate.check(requestWith())).toMatchObject({ allowed: false, status: 401 });
    expect(calls).toHaveLength(0);
  });

  it('caches an allowed answer for its TTL per header, never a refusal, and charges per company', async () => {
    let now = 1_000_000;
    const seen: string[] = [];
    const gate = createExternalApiGate({
      authorize: async (event) => {
        const authorization = (event as { headers: { Authorization: string } }).headers.Authorization;
        seen.push(authorization);
        if (authorization === 'Bearer a') return allow(1, 1, 2);
        if (authorization === 'Bearer b') return allow(2, 100, 100);
        throw new Error('Unauthorized');
      },
      limiter: createExternalApiLimiter(() => now),
      ttlSeconds: 60,
      region: 'us-east-1',
      now: () => now,
    });
    expect(await gate.check(requestWith('Bearer a'))).toEqual({ allowed: true });
    expect(await gate.check(requestWith('Bearer a'))).toEqual({ allowed: true });
    const refused = await gate.check(requestWith('Bearer a'));
    expect(refused).toMatchObject({ allowed: false, status: 429, retryAfterSeconds: 1 });
    // Company 1's bucket is empty; company 2's callers are not held back.
    expect(await gate.check(requestWith('Bearer b'))).toEqual({ allowed: true });
    expect(await gate.check(requestWith('Bearer x'))).toMatchObject({
      status: 401,
      body: '{"error":"ERR_INVALID_API_TOKEN"}',
    });
    expect(await gate.check(requestWith('Bearer x'))).toMatchObject({ status: 401 });
    expect(seen).toEqual(['Bearer a', 'Bearer b', 'Bearer x', 'Bearer x']);
    now += 61_000;
    expect(await gate.check(requestWith('Bearer a'))).toEqual({ allowed: true });
    expect(seen.at(-1)).toBe('Bearer a');
  });
});
