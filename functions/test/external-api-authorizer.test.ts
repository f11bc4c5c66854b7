import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { forgetCompanyContext } from '../src/http/company-context.ts';
import { connectionTokenHash } from '../src/domain/connection-token.ts';
import { handler } from '../src/modules/messages/external-api-authorizer.ts';

/**
 * The API Gateway authorizer of POST /api/messages/send: the route's token rule (the token's
 * claim by its hash, then the connection, both read consistently; the connection must still hold
 * the token), the company's API key as the usage identifier, and the plan's limits in the context
 * (docs/decisions.md, "External message API", "Connection tokens").
 */
const dynamo = mockClient(documentClient);
const token = 'tok-secreto-0123456789';
const methodArn = 'arn:aws:execute-api:us-east-1:000000000000:api123/dev/POST/api/messages/send';
const edb = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });
const whatsapp = { ...edb('whatsapp'), pk: 'C#7', sk: 'WAPP#3', companyId: 7, id: 3, name: 'Ventas', token };
const company = {
  ...edb('company'),
  pk: 'C#7',
  sk: 'COMPANY',
  id: 7,
  name: 'Acme',
  nameKey: 'acme',
  planId: 2,
};
const plan = {
  ...edb('plan'),
  pk: 'PLATFORM',
  sk: 'PLAN#2',
  id: 2,
  name: 'Pro',
  nameKey: 'pro',
  users: 1,
  connections: 1,
  queues: 1,
  value: 1,
  apiRateLimit: 3,
  apiBurstLimit: 6,
};

function event(authorization?: string): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn,
    headers: authorization ? { Authorization: authorization } : {},
  } as unknown as APIGatewayRequestAuthorizerEvent;
}

const claim = {
  ...edb('connectionToken'),
  pk: `WTOKEN#${connectionTokenHash(token)}`,
  sk: 'CLAIM',
  tokenHash: connectionTokenHash(token),
  companyId: 7,
  whatsappId: 3,
};

/** The table as the lookups see it: the token's claim, the connection (holding `stored`), its company and plan. */
function table(stored: string) {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => {
    if (input.Key.sk === 'CLAIM') return input.Key.pk === claim.pk ? { Item: claim } : {};
    if (input.Key.sk === 'WAPP#3') return { Item: { ...whatsapp, token: stored } };
    if (input.Key.sk === 'COMPANY') return { Item: company };
    if (input.Key.sk === 'PLAN#2') return { Item: plan };
    return {};
  });
}

let logged: string[];
beforeEach(() => {
  vi.stubEnv('APP_STAGE', 'dev');
  dynamo.reset();
  forgetCompanyContext(7);
  logged = [];
  const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation(keep);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the external API authorizer', () => {
  it('allows a current token with the company key as usage identifier and the plan limits', async () => {
    table(token);
    const answer = await handler(event(`Bearer ${token}`));
    expect(answer).toEqual({
      principalId: 'company-7',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }],
      },
      usageIdentifierKey: 'atende-dev-company-7-usage-key',
      context: { companyId: 7, planId: 2, apiRateLimit: 3, apiBurstLimit: 6, apiMonthlyQuota: 100_000 },
    });
    // The token's claim by its hash, then the connection, both read consistently; no index.
    const reads = dynamo.commandCalls(GetCommand).map((call) => call.args[0].input);
    expect(reads.find((input) => input.Key?.sk === 'CLAIM')).toMatchObject({
      Key: { pk: claim.pk },
      ConsistentRead: true,
    });
    expect(reads.find((input) => input.Key?.sk === 'WAPP#3')?.ConsistentRead).toBe(true);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(JSON.stringify(reads)).not.toContain(token);
  });

  it('refuses a missing, unknown or rotated token as Unauthorized (401), never logging it', async () => {
    await expect(handler(event())).rejects.toThrow('Unauthorized');
    await expect(handler(event('Basic abc'))).rejects.toThrow('Unauthorized');
    // No claim and no older index entry: unknown.
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(GetCommand).resolves({});
    await expect(handler(event(`Bearer ${token}`))).rejects.toThrow('Unauthorized');
    // The claim still names the connection, but the connection holds a newer token.
    dynamo.reset();
    table('otro-token-nuevo');
    await expect(handler(event(`Bearer ${token}`))).rejects.toThrow('Unauthorized');
    expect(logged.join('\n')).not.toContain(token);
  });

  it('fails (500) on a table error without logging the token', async () => {
    dynamo.on(GetCommand).rejects(new Error(`boom ${token}`));
    await expect(handler(event(`Bearer ${token}`))).rejects.toThrow();
    expect(logged.join('\n')).toContain('external API authorizer failed');
    expect(logged.join('\n')).not.toContain(token);
  });
});
