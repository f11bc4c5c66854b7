/**
 * Per-caller request limits for the local gateway, the counterpart of the WAF rate-based rules
 * CloudFront applies in AWS (infra/lib/edge-protection.ts): one budget per client address and
 * one per company, so one abusive caller or tenant cannot use up what every other tenant
 * shares. Fixed windows aligned on the clock: every counter resets together at the window's
 * end, so the whole table is dropped then and memory stays bounded by the callers of one window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface RateLimitSettings {
  /** Requests one client address may make per window; 0 turns the limit off. */
  perAddress: number;
  /** Requests the signed-in users of one company may make together per window; 0 turns it off. */
  perCompany: number;
  windowSeconds: number;
}

/**
 * The defaults mirror the WAF rules: generous enough for an office of 50 agents behind one
 * address (the bench's shape) at about one request per second each, far below what a flood
 * sends. The stage-wide API Gateway throttle stays the last cap in AWS.
 */
export const defaultRateLimits: RateLimitSettings = { perAddress: 3000, perCompany: 3000, windowSeconds: 60 };

/**
 * ATENDE_RATE_LIMIT_PER_ADDRESS, ATENDE_RATE_LIMIT_PER_COMPANY (0 = off) and
 * ATENDE_RATE_LIMIT_WINDOW_SECONDS override the defaults; a malformed value is an error rather
 * than a silently missing limit.
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const read = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`);
    }
    return value;
  };
  return {
    perAddress: read('ATENDE_RATE_LIMIT_PER_ADDRESS', defaultRateLimits.perAddress, 0),
    perCompany: read('ATENDE_RATE_LIMIT_PER_COMPANY', defaultRateLimits.perCompany, 0),
    windowSeconds: read('ATENDE_RATE_LIMIT_WINDOW_SECONDS', defaultRateLimits.windowSeconds, 1),
  };
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for the address and, when known, the company; refuses it over either budget. */
  take(caller: { address: string; companyId?: number }): RateDecision;
}

export function createRateLimiter(settings: RateLimitSettings, now: () => number = Date.now): RateLimiter {
  const windowMs = settings.windowSeconds * 1000;
  let windowIndex = -1;
  const counts = new Map<string, number>();
  return {
    take({ address, companyId }) {
      const nowMs = now();
      const index = Math.floor(nowMs / windowMs);
      if (index !== windowIndex) {
        windowIndex = index;
        counts.clear();
      }
      const keys: [string, number][] = [];
      if (settings.perAddress > 0) keys.push([`address:${address}`, settings.perAddress]);
      if (settings.perCompany > 0 && companyId !== undefined)
        keys.push([`company:${companyId}`, settings.perCompany]);
      // A refused request is not counted, so a caller under one budget is not charged for the other.
      if (keys.some(([key, limit]) => (counts.get(key) ?? 0) >= limit)) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000)),
        };
      }
      for (const [key] of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return { allowed: true };
    },
  };
}

/**
 * The company (`cid` claim) of an HS256 access token whose signature checks out with `secret`
 * and that has not expired; undefined otherwise. Verified, not merely decoded: a forged token
 * naming another company must not spend that company's budget.
 */
export function companyOfToken(
  token: string | undefined,
  secret: string | undefined,
  nowMs = Date.now(),
): number | undefined {
  if (!token || !secret) return undefined;
  // A token already verified with this secret is not verified again until it expires: an
  // agent's requests carry the same token for its 15 minutes (the HMAC was a tenth of the
  // gateway's CPU per request). Only verified tokens are kept; the map is bounded.
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret && known.expiresAtMs > nowMs) return known.companyId;
  const verified = verifiedClaims(token, secret, nowMs);
  if (!verified) return undefined;
  if (verifiedTokens.size >= verifiedTokensMax) verifiedTokens.clear();
  verifiedTokens.set(token, { secret, ...verified });
  return verified.companyId;
}

const verifiedTokensMax = 10_000;
const verifiedTokens = new Map<string, { secret: string; companyId: number; expiresAtMs: number }>();

function verifiedClaims(
  token: string,
  secret: string,
  nowMs: number,
): { companyId: number; expiresAtMs: number } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const presented = Buffer.from(signature, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (alg !== 'HS256') return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      cid?: unknown;
      exp?: unknown;
    };
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) return undefined;
    if (typeof claims.cid !== 'number' || !Number.isSafeInteger(claims.cid)) return undefined;
    return {
      companyId: claims.cid,
      expiresAtMs: typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity,
    };
  } catch {
    return undefined;
  }
}

/** The bearer token of an Authorization header, or the WebSocket's `?token=` (how the SPA's socket signs in). */
export function bearerTokenOf(authorization: string | undefined, url: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (match) return match[1];
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return undefined;
  return new URLSearchParams(url.slice(queryStart + 1)).get('token') ?? undefined;
}

/** The body and headers of the 429 answer, the same for REST and refused WebSocket handshakes. */
export const tooManyRequestsBody = JSON.stringify({ error: 'ERR_TOO_MANY_REQUESTS' });
