/**
 * What API Gateway does in front of POST /api/messages/send (docs/decisions.md, "External message
 * API"), locally: the REQUEST authorizer (the same bundle as in AWS) is called with the
 * Authorization header and its answer kept for its TTL per header value; a refusal answers 401
 * as the stack's UNAUTHORIZED gateway response does; an allowed caller is charged to its company's
 * usage plan (the limiter), 429 with Retry-After past it. None of this reaches the function.
 * Only allowed answers are cached, so a connection created a moment ago works at once.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { externalApiLimitsOf } from '../../../../shared/src/entities/plan.ts';
import type { ExternalApiLimiter } from './external-api-limit.ts';
import { tooManyRequestsBody } from './rate-limit.ts';

export type GateDecision =
  { allowed: true } | { allowed: false; status: number; body: string; retryAfterSeconds?: number };

export interface ExternalApiGate {
  check(request: IncomingMessage): Promise<GateDecision>;
}

interface AuthorizerAnswer {
  usageIdentifierKey?: string;
  policyDocument?: { Statement?: { Effect?: string }[] };
  context?: Record<string, unknown>;
}

export const unauthorizedBody = JSON.stringify({ error: 'ERR_INVALID_API_TOKEN' });
const forbiddenBody = JSON.stringify({ error: 'ERR_NO_PERMISSION' });
const failedBody = JSON.stringify({ error: 'ERR_INTERNAL' });

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value));

export function createExternalApiGate(options: {
  /** Calls the authorizer function with an API Gateway REQUEST authorizer event. */
  authorize: (event: unknown) => Promise<unknown>;
  limiter: ExternalApiLimiter;
  ttlSeconds: number;
  region: string;
  now?: () => number;
}): ExternalApiGate {
  const now = options.now ?? Date.now;
  const answers = new Map<string, { at: number; answer: Promise<AuthorizerAnswer> }>();

  function authorized(request: IncomingMessage, authorization: string): Promise<AuthorizerAnswer> {
    // Keyed by a hash: the token itself is never kept.
    const key = createHash('sha256').update(authorization).digest('base64url');
    const cached = answers.get(key);
    if (cached && now() - cached.at < options.ttlSeconds * 1000) return cached.answer;
    const answer = options.authorize({
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:${options.region}:000000000000:local/local/POST/api/messages/send`,
      resource: '/api/messages/send',
      path: '/api/messages/send',
      httpMethod: 'POST',
      headers: { Authorization: authorization },
      multiValueHeaders: { Authorization: [authorization] },
      requestContext: { identity: { sourceIp: request.socket.remoteAddress ?? '' } },
    }) as Promise<AuthorizerAnswer>;
    answers.set(key, { at: now(), answer });
    answer.catch(() => answers.delete(key));
    // Expired entries go when their header comes again; a sweep keeps the map bounded.
    if (answers.size > 10_000)
      for (const [old, entry] of answers)
        if (now() - entry.at >= options.ttlSeconds * 1000) answers.delete(old);
    return answer;
  }

  return {
    async check(request) {
      const authorization = request.headers.authorization?.trim();
      if (!authorization) return { allowed: false, status: 401, body: unauthorizedBody };
      let answer: AuthorizerAnswer;
      try {
        answer = await authorized(request, authorization);
      } catch (error) {
        if (error instanceof Error && error.message === 'Unauthorized')
          return { allowed: false, status: 401, body: unauthorizedBody };
        return { allowed: false, status: 500, body: failedBody };
      }
      const allowed = answer.policyDocument?.Statement?.some((statement) => statement.Effect === 'Allow');
      // API Gateway answers 403 to a caller whose key is in no usage plan (apiKeyRequired).
      if (!allowed || !answer.usageIdentifierKey) return { allowed: false, status: 403, body: forbiddenBody };
      const context = answer.context ?? {};
      const decision = options.limiter.take(answer.usageIdentifierKey, {
        planId: numberOf(context.planId),
        limits: externalApiLimitsOf({
          apiRateLimit: numberOf(context.apiRateLimit) || undefined,
          apiBurstLimit: numberOf(context.apiBurstLimit) || undefined,
          apiMonthlyQuota:
            context.apiMonthlyQuota === undefined ? undefined : numberOf(context.apiMonthlyQuota),
        }),
      });
      if (!decision.allowed)
        return {
          allowed: false,
          status: 429,
          body: tooManyRequestsBody,
          retryAfterSeconds: decision.retryAfterSeconds,
        };
      return { allowed: true };
    },
  };
}
