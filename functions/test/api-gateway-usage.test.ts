import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlansCommand,
  UpdateUsagePlanCommand,
} from '@aws-sdk/client-api-gateway';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiGatewayUsage } from '../src/aws/api-gateway-usage.ts';

/** The external API's usage plans and keys in API Gateway (docs/decisions.md, "External message API"). */
const client = new APIGatewayClient({ region: 'us-east-1' });
const gateway = mockClient(client);
const usage = apiGatewayUsage(client);
const limits = { rateLimit: 5, burstLimit: 10, monthlyQuota: 1000 };
const saved = { ...process.env };

beforeEach(() => {
  gateway.reset();
  Object.assign(process.env, { APP_STAGE: 'dev', REST_API_ID: 'api123', REST_API_STAGE: 'dev' });
});
afterEach(() => {
  process.env = { ...saved };
});

describe("a plan's usage plan", () => {
  it("is created with the plan's rate, burst and monthly quota on the API's stage", async () => {
    gateway.on(GetUsagePlansCommand).resolves({ items: [{ id: 'other', name: 'atende-prod-plan-1' }] });
    gateway.on(CreateUsagePlanCommand).resolves({ id: 'up1' });
    await usage.putPlan({ planId: 1, limits });
    const created = gateway.commandCalls(CreateUsagePlanCommand)[0]!.args[0].input;
    expect(created).toMatchObject({
      name: 'atende-dev-plan-1',
      apiStages: [{ apiId: 'api123', stage: 'dev' }],
      throttle: { rateLimit: 5, burstLimit: 10 },
      quota: { limit: 1000, period: 'MONTH' },
    });
    expect(gateway.commandCalls(UpdateUsagePlanCommand)).toHaveLength(0);
  });

  it('is updated in place when it exists; a quota of 0 removes the quota', async () => {
    gateway
      .on(GetUsagePlansCommand)
      .resolves({ items: [{ id: 'up1', name: 'atende-dev-plan-1', quota: { limit: 5, period: 'MONTH' } }] });
    gateway.on(UpdateUsagePlanCommand).resolves({});
    await usage.putPlan({ planId: 1, limits: { ...limits, monthlyQuota: 0 } });
    expect(gateway.commandCalls(CreateUsagePlanCommand)).toHaveLength(0);
    const update = gateway.commandCalls(UpdateUsagePlanCommand)[0]!.args[0].input;
    expect(update.usagePlanId).toBe('up1');
    expect(update.patchOperations).toEqual([
      { op: 'replace', path: '/throttle/rateLimit', value: '5' },
      { op: 'replace', path: '/throttle/burstLimit', value: '10' },
      { op: 'remove', path: '/quota' },
    ]);
  });

  it('leaves its stage before it is deleted, and a missing one is no error', async () => {
    gateway.on(GetUsagePlansCommand).resolves({
      items: [{ id: 'up1', name: 'atende-dev-plan-1', apiStages: [{ apiId: 'api123', stage: 'dev' }] }],
    });
    gateway.on(UpdateUsagePlanCommand).resolves({});
    gateway.on(DeleteUsagePlanCommand).resolves({});
    await usage.deletePlan(1);
    expect(gateway.commandCalls(UpdateUsagePlanCommand)[0]!.args[0].input.patchOperations).toEqual([
      { op: 'remove', path: '/apiStages', value: 'api123:dev' },
    ]);
    expect(gateway.commandCalls(DeleteUsagePlanCommand)[0]!.args[0].input).toEqual({ usagePlanId: 'up1' });

    gateway.reset();
    gateway.on(GetUsagePlansCommand).resolves({ items: [] });
    await usage.deletePlan(2);
    expect(gateway.commandCalls(DeleteUsagePlanCommand)).toHaveLength(0);
  });

  it('reads every page of usage plans', async () => {
    gateway
      .on(GetUsagePlansCommand)
      .resolvesOnce({ items: [{ id: 'a', name: 'x' }], position: 'next' })
      .resolvesOnce({ items: [{ id: 'up9', name: 'atende-dev-plan-9' }] });
    gateway.on(UpdateUsagePlanCommand).resolves({});
    await usage.putPlan({ planId: 9, limits });
    expect(gateway.commandCalls(GetUsagePlansCommand)[1]!.args[0].input.position).toBe('next');
    expect(gateway.commandCalls(UpdateUsagePlanCommand)[0]!.args[0].input.usagePlanId).toBe('up9');
  });
});

describe("a company's API key", () => {
  it("is created with its derived value and put in its plan's usage plan", async () => {
    gateway
      .on(GetUsagePlansCommand, { keyId: undefined })
      .resolves({ items: [{ id: 'up1', name: 'atende-dev-plan-1' }] });
    gateway.on(GetUsagePlansCommand, { keyId: 'key7' }).resolves({ items: [] });
    gateway.on(GetApiKeysCommand).resolves({ items: [{ id: 'nope', name: 'atende-dev-company-70' }] });
    gateway.on(CreateApiKeyCommand).resolves({ id: 'key7' });
    gateway.on(CreateUsagePlanKeyCommand).resolves({});
    await usage.assignCompany(7, { planId: 1, limits });
    expect(gateway.commandCalls(CreateApiKeyCommand)[0]!.args[0].input).toMatchObject({
      name: 'atende-dev-company-7',
      value: 'atende-dev-company-7-usage-key',
      enabled: true,
    });
    expect(gateway.commandCalls(CreateUsagePlanKeyCommand)[0]!.args[0].input).toEqual({
      usagePlanId: 'up1',
      keyId: 'key7',
      keyType: 'API_KEY',
    });
  });

  it("moves to the new plan's usage plan on a plan change, creating that usage plan if missing", async () => {
    gateway.on(GetUsagePlansCommand, { keyId: undefined }).resolves({ items: [] });
    gateway.on(CreateUsagePlanCommand).resolves({ id: 'up2' });
    gateway.on(GetUsagePlansCommand, { keyId: 'key7' }).resolves({ items: [{ id: 'up1' }] });
    gateway.on(GetApiKeysCommand).resolves({ items: [{ id: 'key7', name: 'atende-dev-company-7' }] });
    gateway.on(DeleteUsagePlanKeyCommand).resolves({});
    gateway.on(CreateUsagePlanKeyCommand).resolves({});
    await usage.assignCompany(7, { planId: 2, limits });
    expect(gateway.commandCalls(CreateApiKeyCommand)).toHaveLength(0);
    expect(gateway.commandCalls(CreateUsagePlanCommand)[0]!.args[0].input.name).toBe('atende-dev-plan-2');
    expect(gateway.commandCalls(DeleteUsagePlanKeyCommand)[0]!.args[0].input).toEqual({
      usagePlanId: 'up1',
      keyId: 'key7',
    });
    expect(gateway.commandCalls(CreateUsagePlanKeyCommand)[0]!.args[0].input.usagePlanId).toBe('up2');
  });

  it("is left alone when already in its plan's usage plan, and deleted with the company", async () => {
    gateway.on(GetUsagePlansCommand).resolves({ items: [{ id: 'up1', name: 'atende-dev-plan-1' }] });
    gateway.on(GetApiKeysCommand).resolves({ items: [{ id: 'key7', name: 'atende-dev-company-7' }] });
    gateway.on(DeleteApiKeyCommand).resolves({});
    await usage.assignCompany(7, { planId: 1, limits });
    expect(gateway.commandCalls(CreateUsagePlanKeyCommand)).toHaveLength(0);
    expect(gateway.commandCalls(DeleteUsagePlanKeyCommand)).toHaveLength(0);
    await usage.removeCompany(7);
    expect(gateway.commandCalls(DeleteApiKeyCommand)[0]!.args[0].input).toEqual({ apiKey: 'key7' });
  });
});
