import { describe, expect, it } from 'vitest';
import {
  createExternalApiLimiter,
  externalApiLimitsFromEnv,
  isExternalSend,
} from '../src/gateway/external-api-limit.ts';

describe('the external API limiter', () => {
  it('lets a burst through, then refuses with Retry-After until the rate refills the bucket', () => {
    let now = Date.UTC(2026, 0, 10);
    const limiter = createExternalApiLimiter({ ratePerSecond: 2, burst: 3, monthlyQuota: 0 }, () => now);
    expect([1, 2, 3].map(() => limiter.take('t1').allowed)).toEqual([true, true, true]);
    expect(limiter.take('t1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another token has its own bucket.
    expect(limiter.take('t2').allowed).toBe(true);
    now += 500;
    expect(limiter.take('t1').allowed).toBe(true);
    expect(limiter.take('t1').allowed).toBe(false);
  });

  it('refuses past the monthly quota until the next month', () => {
    let now = Date.UTC(2026, 0, 31, 23, 59, 0);
    const limiter = createExternalApiLimiter({ ratePerSecond: 100, burst: 100, monthlyQuota: 2 }, () => now);
    expect(limiter.take('t').allowed).toBe(true);
    expect(limiter.take('t').allowed).toBe(true);
    expect(limiter.take('t')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = Date.UTC(2026, 1, 1, 0, 0, 1);
    expect(limiter.take('t').allowed).toBe(true);
  });

  it('charges nothing without a token, and guards only POST /api/messages/send', () => {
    const limiter = createExternalApiLimiter({ ratePerSecond: 1, burst: 1, monthlyQuota: 1 });
    expect(limiter.take(undefined).allowed).toBe(true);
    expect(limiter.take(undefined).allowed).toBe(true);
    expect(isExternalSend('POST', '/api/messages/send')).toBe(true);
    expect(isExternalSend('POST', '/api/messages/12')).toBe(false);
    expect(isExternalSend('GET', '/api/messages/send')).toBe(false);
    expect(externalApiLimitsFromEnv({ ATENDE_EXTERNAL_API_RATE: '5' })).toMatchObject({
      ratePerSecond: 5,
      burst: 20,
    });
    expect(() => externalApiLimitsFromEnv({ ATENDE_EXTERNAL_API_QUOTA: '-1' })).toThrow(
      /ATENDE_EXTERNAL_API_QUOTA/,
    );
  });
});
