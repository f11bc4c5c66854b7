/**
 * The API Gateway REQUEST authorizer of POST /api/messages/send (docs/decisions.md, "External
 * message API"). It verifies the connection token by the same rule as the route (token index,
 * then a consistent read that must still hold the token) and hands API Gateway the company's
 * API key as the usage identifier, so the company's usage plan (its plan's rate, burst and
 * monthly quota) throttles the call before the function runs. API Gateway caches the answer per
 * Authorization header for a minute; the route checks the token again, so a rotated token stops
 * at once. The local gateway calls this same handler and applies the limits in `context`.
 *
 * The token is never logged: a failure logs only the error's name.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { externalApiLimitsOf } from '@atende/shared/entities/plan';
import { companyApiKeyValue } from '#domain/api-keys';
import { AppError } from '#domain/app-error';
import { companyContext } from '#http/company-context';
import { bearerToken } from '#http/request-input';
import { connectionOfApiToken } from './external-api-token.ts';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

/** What API Gateway turns into a 401 (the gateway response UNAUTHORIZED). */
const unauthorized = () => new Error('Unauthorized');

function lowerCased(headers: Record<string, string | undefined> | null | undefined) {
  const lower: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) lower[name.toLowerCase()] = value;
  return lower;
}

export const handler = observed(authorize);

async function authorize(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = bearerToken(lowerCased(event.headers));
  if (!token) throw unauthorized();
  try {
    const whatsapp = await connectionOfApiToken(token);
    if (!whatsapp) throw unauthorized();
    const { company, plan } = await companyContext(whatsapp.companyId);
    const limits = externalApiLimitsOf(plan ?? {});
    return {
      principalId: `company-${company.id}`,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      usageIdentifierKey: companyApiKeyValue(process.env.APP_STAGE ?? 'local', company.id),
      // Strings, numbers and booleans only. The local gateway applies these limits per company.
      context: {
        companyId: company.id,
        planId: company.planId,
        apiRateLimit: limits.rateLimit,
        apiBurstLimit: limits.burstLimit,
        apiMonthlyQuota: limits.monthlyQuota,
      },
    };
  } catch (error) {
    if (error instanceof Error && error.message === 'Unauthorized') throw error;
    // A connection whose company is gone: the token no longer names anyone.
    if (error instanceof AppError && error.status === 401) throw unauthorized();
    logger.error('external API authorizer failed', { error: error instanceof Error ? error.name : 'Error' });
    throw error;
  }
}
