/**
 * The local stand-in for the external message API's usage plan (docs/decisions.md, "External
 * message API"): a token bucket (steady rate and burst, API Gateway's throttle semantics) and a
 * monthly quota per bearer token, checked by the gateway before POST /api/messages/send reaches
 * its function, so a refused call touches nothing. Keyed by a hash of the token: the token itself
 * is never kept. Per token (a connection) rather than per company: the gateway cannot tell a
 * connection token's company without reading the table.
 */
import { createHash } from 'node:crypto';
import type { RateDecision } from './rate-limit.ts';

export interface ExternalApiLimitSettings {
  /** Steady requests per second; 0 turns the limiter off. */
  ratePerSecond: number;
  /** Requests allowed at once above the steady rate (the bucket's size). */
  burst: number;
  /** Requests per calendar month (UTC); 0 means no quota. */
  monthlyQuota: number;
}

export const defaultExternalApiLimits: ExternalApiLimitSettings = {
  ratePerSecond: 10,
  burst: 20,
  monthlyQuota: 100_000,
};

/** ATENDE_EXTERNAL_API_RATE, ATENDE_EXTERNAL_API_BURST and ATENDE_EXTERNAL_API_QUOTA override the defaults. */
export function externalApiLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): ExternalApiLimitSettings {
  const read = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number of at least 0, not ${JSON.stringify(raw)}`);
    return value;
  };
  return {
    ratePerSecond: read('ATENDE_EXTERNAL_API_RATE', defaultExternalApiLimits.ratePerSecond),
    burst: read('ATENDE_EXTERNAL_API_BURST', defaultExternalApiLimits.burst),
    monthlyQuota: read('ATENDE_EXTERNAL_API_QUOTA', defaultExternalApiLimits.monthlyQuota),
  };
}

export interface ExternalApiLimiter {
  /** Charges one call to the token; undefined token: not charged (the function answers 401). */
  take(token: string | undefined): RateDecision;
}

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const secondsToNextMonth = (ms: number) => {
  const date = new Date(ms);
  return Math.ceil((Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - ms) / 1000);
};

export function createExternalApiLimiter(
  settings: ExternalApiLimitSettings,
  now: () => number = Date.now,
): ExternalApiLimiter {
  const buckets = new Map<string, { tokens: number; at: number; month: string; used: number }>();
  return {
    take(token) {
      if (!token || settings.ratePerSecond <= 0) return { allowed: true };
      const key = createHash('sha256').update(token).digest('base64url');
      const nowMs = now();
      const size = Math.max(1, settings.burst);
      const month = monthOf(nowMs);
      const bucket = buckets.get(key) ?? { tokens: size, at: nowMs, month, used: 0 };
      bucket.tokens = Math.min(size, bucket.tokens + ((nowMs - bucket.at) / 1000) * settings.ratePerSecond);
      bucket.at = nowMs;
      if (bucket.month !== month) Object.assign(bucket, { month, used: 0 });
      buckets.set(key, bucket);
      if (settings.monthlyQuota > 0 && bucket.used >= settings.monthlyQuota)
        return { allowed: false, retryAfterSeconds: secondsToNextMonth(nowMs) };
      if (bucket.tokens < 1)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / settings.ratePerSecond)),
        };
      bucket.tokens -= 1;
      bucket.used += 1;
      return { allowed: true };
    },
  };
}

/** The one route the limiter guards. */
export function isExternalSend(method: string | undefined, url: string): boolean {
  return method === 'POST' && /^\/api\/messages\/send\/?(\?|$)/.test(url);
}
