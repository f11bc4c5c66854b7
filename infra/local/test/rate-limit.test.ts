import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bearerTokenOf,
  companyOfToken,
  createRateLimiter,
  defaultRateLimits,
  rateLimitsFromEnv,
} from '../src/gateway/rate-limit.ts';

const secret = 'a'.repeat(128);

function token(claims: Record<string, unknown>, key = secret, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

describe('the gateway rate limiter', () => {
  it('refuses an address over its budget until the window ends, with the seconds left', () => {
    let nowMs = 60_000 * 10 + 15_000;
    const limiter = createRateLimiter({ perAddress: 3, perCompany: 0, windowSeconds: 60 }, () => nowMs);
    for (let i = 0; i < 3; i++) expect(limiter.take({ address: '10.0.0.1' })).toEqual({ allowed: true });
    expect(limiter.take({ address: '10.0.0.1' })).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another address has its own budget.
    expect(limiter.take({ address: '10.0.0.2' })).toEqual({ allowed: true });
    nowMs = 60_000 * 11;
    expect(limiter.take({ address: '10.0.0.1' })).toEqual({ allowed: true });
  });

  it('shares one budget among every address of a company, leaving other companies alone', () => {
    const limiter = createRateLimiter({ perAddress: 100, perCompany: 2, windowSeconds: 60 }, () => 0);
    expect(limiter.take({ address: 'a', companyId: 7 }).allowed).toBe(true);
    expect(limiter.take({ address: 'b', companyId: 7 }).allowed).toBe(true);
    expect(limiter.take({ address: 'c', companyId: 7 }).allowed).toBe(false);
    expect(limiter.take({ address: 'c', companyId: 8 }).allowed).toBe(true);
    // Anonymous calls from the same address are charged to the address only.
    expect(limiter.take({ address: 'c' }).allowed).toBe(true);
  });

  it('does not charge a refused request to the other budget', () => {
    const limiter = createRateLimiter({ perAddress: 1, perCompany: 5, windowSeconds: 60 }, () => 0);
    expect(limiter.take({ address: 'a', companyId: 1 }).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect(limiter.take({ address: 'a', companyId: 1 }).allowed).toBe(false);
    for (let i = 0; i < 4; i++) expect(limiter.take({ address: `b${i}`, companyId: 1 }).allowed).toBe(true);
  });

  it('is off for a budget of 0', () => {
    const limiter = createRateLimiter({ perAddress: 0, perCompany: 0, windowSeconds: 1 }, () => 0);
    for (let i = 0; i < 1000; i++) expect(limiter.take({ address: 'a', companyId: 1 }).allowed).toBe(true);
  });

  it('reads its settings from the environment and rejects malformed values', () => {
    expect(rateLimitsFromEnv({})).toEqual(defaultRateLimits);
    expect(
      rateLimitsFromEnv({
        ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
        ATENDE_RATE_LIMIT_PER_COMPANY: '250',
        ATENDE_RATE_LIMIT_WINDOW_SECONDS: '10',
      }),
    ).toEqual({ perAddress: 0, perCompany: 250, windowSeconds: 10 });
    expect(() => rateLimitsFromEnv({ ATENDE_RATE_LIMIT_PER_ADDRESS: 'lots' })).toThrow(/PER_ADDRESS/);
    expect(() => rateLimitsFromEnv({ ATENDE_RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/WINDOW_SECONDS/);
  });
});

describe('the company of a bearer token', () => {
  const nowMs = 1_700_000_000_000;
  const exp = nowMs / 1000 + 900;

  it('is the cid claim of a token signed with the secret', () => {
    expect(companyOfToken(token({ cid: 42, exp }), secret, nowMs)).toBe(42);
  });

  it('is unknown for a forged, expired, wrongly typed or malformed token', () => {
    expect(companyOfToken(token({ cid: 42, exp }, 'another secret'), secret, nowMs)).toBeUndefined();
    expect(companyOfToken(token({ cid: 42, exp: nowMs / 1000 - 1 }), secret, nowMs)).toBeUndefined();
    expect(companyOfToken(token({ cid: '42', exp }), secret, nowMs)).toBeUndefined();
    expect(companyOfToken(token({ cid: 42, exp }, secret, 'none'), secret, nowMs)).toBeUndefined();
    expect(companyOfToken('not.a.token', secret, nowMs)).toBeUndefined();
    expect(companyOfToken(token({ cid: 42, exp }), undefined, nowMs)).toBeUndefined();
  });

  it('is remembered once verified, but not past its expiry nor for another secret', () => {
    const shortLived = token({ cid: 7, exp: nowMs / 1000 + 60 });
    expect(companyOfToken(shortLived, secret, nowMs)).toBe(7);
    expect(companyOfToken(shortLived, secret, nowMs + 1_000)).toBe(7);
    expect(companyOfToken(shortLived, secret, nowMs + 60_000)).toBeUndefined();
    expect(companyOfToken(shortLived, 'another secret', nowMs)).toBeUndefined();
  });

  it('comes from the Authorization header or the WebSocket token query', () => {
    expect(bearerTokenOf('Bearer abc.def.ghi', '/api/tickets')).toBe('abc.def.ghi');
    expect(bearerTokenOf(undefined, '/ws?token=abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerTokenOf('Basic xyz', '/api/tickets')).toBeUndefined();
  });
});
