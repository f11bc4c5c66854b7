/**
 * The local stand-in for the external message API's usage plans (docs/decisions.md, "External
 * message API"): per company API key (the authorizer's `usageIdentifierKey`), a token bucket
 * (steady rate and burst, API Gateway's throttle semantics) and a calendar-month (UTC) quota,
 * checked by the gateway before POST /api/messages/send reaches its function, so a refused call
 * touches nothing.
 *
 * The limits are the company's plan's. They arrive two ways, as in AWS: the functions' usage-plan
 * port (ApiUsagePort, installed as this limiter) pushes a plan's limits and a company's plan when
 * they change, and the authorizer's context carries the plan and its limits on each (cached)
 * authorization, so a runtime that has just started knows them without a sync.
 */
import type { ExternalApiLimits } from '../../../../shared/src/entities/plan.ts';
import { companyApiKeyValue } from '../../../../functions/src/domain/api-keys.ts';
import { stage } from '../env.ts';
import type { ApiUsagePort } from '../../../../functions/src/ports/api-usage.ts';
import type { RateDecision } from './rate-limit.ts';

/** What the authorizer said about the caller's plan. */
export interface AuthorizedPlan {
  planId: number;
  limits: ExternalApiLimits;
}

export interface ExternalApiLimiter extends ApiUsagePort {
  /** Charges one call to a usage identifier (a company's API key). */
  take(apiKey: string, authorized: AuthorizedPlan): RateDecision;
}

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const secondsToNextMonth = (ms: number) => {
  const date = new Date(ms);
  return Math.ceil((Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - ms) / 1000);
};

export function createExternalApiLimiter(now: () => number = Date.now): ExternalApiLimiter {
  const buckets = new Map<string, { tokens: number; at: number; month: string; used: number }>();
  /** Usage plans as the port last set them, by plan id. */
  const plans = new Map<number, ExternalApiLimits>();
  /** Each key's plan as the port last set it. */
  const planOfKey = new Map<string, number>();

  return {
    take(apiKey, authorized) {
      // What the port pushed is the newest; the authorizer's (cached) word fills the gaps.
      const planId = planOfKey.get(apiKey) ?? authorized.planId;
      const limits = plans.get(planId) ?? authorized.limits;
      const nowMs = now();
      const size = Math.max(1, limits.burstLimit);
      const month = monthOf(nowMs);
      const bucket = buckets.get(apiKey) ?? { tokens: size, at: nowMs, month, used: 0 };
      bucket.tokens = Math.min(size, bucket.tokens + ((nowMs - bucket.at) / 1000) * limits.rateLimit);
      bucket.at = nowMs;
      if (bucket.month !== month) Object.assign(bucket, { month, used: 0 });
      buckets.set(apiKey, bucket);
      if (limits.monthlyQuota > 0 && bucket.used >= limits.monthlyQuota)
        return { allowed: false, retryAfterSeconds: secondsToNextMonth(nowMs) };
      if (bucket.tokens < 1)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limits.rateLimit)),
        };
      bucket.tokens -= 1;
      bucket.used += 1;
      return { allowed: true };
    },

    async putPlan({ planId, limits }) {
      plans.set(planId, limits);
    },
    async deletePlan(planId) {
      plans.delete(planId);
    },
    async assignCompany(companyId, { planId, limits }) {
      plans.set(planId, limits);
      planOfKey.set(companyApiKeyValue(stage, companyId), planId);
    },
    async removeCompany(companyId) {
      const key = companyApiKeyValue(stage, companyId);
      planOfKey.delete(key);
      buckets.delete(key);
    },
  };
}

/** The one route the limiter guards. */
export function isExternalSend(method: string | undefined, url: string): boolean {
  return method === 'POST' && /^\/api\/messages\/send\/?(\?|$)/.test(url);
}
