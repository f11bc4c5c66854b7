import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import type { ApiClient } from './support/api-client.ts';
import { startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';

/**
 * The plan's campaigns limit (docs/decisions.md, "Plan limits: campaigns and schedules"): the
 * campaigns a company holds, counted on the company item in the creating and deleting
 * transactions. (The schedules limit: schedules.integration.test.ts.)
 */
let env: TestRuntime;
let clients: ReturnType<typeof createRuntimeDynamoClients>;
let root: ApiClient;

beforeAll(async () => {
  env = await startTestRuntime();
  clients = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
  root = env.client();
  expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
});
afterAll(async () => {
  clients?.destroy();
  await env?.stop();
});

const stamp = Date.now();
let companies = 0;

/** A new company on a new plan with `plan`'s fields, with its admin signed in. */
async function companyOn(plan: Record<string, unknown>): Promise<{ admin: ApiClient; companyId: number }> {
  companies += 1;
  const label = `limits-${stamp}-${companies}`;
  const created = await root.post<{ id: number }>('/plans', {
    name: `Plan ${label}`,
    users: 3,
    connections: 1,
    queues: 2,
    value: 10,
    ...plan,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const email = `${label}@example.com`;
  const company = await root.post<{ id: number }>('/companies', {
    name: `Empresa ${label}`,
    email,
    password: 'secret1',
    planId: created.body.id,
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const admin = env.client();
  expect((await admin.login(email, 'secret1')).status).toBe(200);
  return { admin, companyId: company.body.id };
}

const newCampaign = (admin: ApiClient, name: string) =>
  admin.post<{ id: number; error?: string }>('/campaigns', { name });

async function campaignCountOf(companyId: number): Promise<unknown> {
  const { Item } = await clients.documents.send(
    new GetCommand({ TableName: env.runtime.env.TABLE_NAME!, Key: { pk: `C#${companyId}`, sk: 'COMPANY' } }),
  );
  return Item?.campaignCount;
}

describe("the plan's campaigns limit", () => {
  it('refuses the campaign past the limit with ERR_CAMPAIGN_LIMIT_REACHED; a deletion frees a place; another company is unaffected', async () => {
    const limited = await companyOn({ campaigns: 2 });
    const other = await companyOn({ campaigns: 2 });
    const first = await newCampaign(limited.admin, 'Primera');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await newCampaign(limited.admin, 'Segunda')).status).toBe(201);

    const third = await newCampaign(limited.admin, 'Tercera');
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ error: 'ERR_CAMPAIGN_LIMIT_REACHED' });
    const listed = await limited.admin.get<{ records: { name: string }[] }>('/campaigns');
    expect(listed.body.records.map((c) => c.name).sort()).toEqual(['Primera', 'Segunda']);

    // The other company's admin, on a plan with the same limit, still has both places.
    expect((await newCampaign(other.admin, 'Ajena 1')).status).toBe(201);
    expect((await newCampaign(other.admin, 'Ajena 2')).status).toBe(201);

    expect((await limited.admin.delete(`/campaigns/${first.body.id}`)).status).toBe(204);
    expect(await campaignCountOf(limited.companyId)).toBe(1);
    expect((await newCampaign(limited.admin, 'Tercera')).status).toBe(201);
    expect((await newCampaign(limited.admin, 'Cuarta')).status).toBe(403);
  });

  it('lets exactly the limit through when many creations race', async () => {
    const { admin, companyId } = await companyOn({ campaigns: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newCampaign(admin, `Carrera ${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    const listed = await admin.get<{ records: unknown[] }>('/campaigns');
    expect(listed.body.records).toHaveLength(3);
    expect(await campaignCountOf(companyId)).toBe(3);
  });

  it('counts the campaigns of a company older than the count before judging its first new one', async () => {
    const { admin, companyId } = await companyOn({ campaigns: 3 });
    for (const name of ['Antigua 1', 'Antigua 2']) expect((await newCampaign(admin, name)).status).toBe(201);
    // As a company from before the count: its item has no campaignCount.
    await clients.documents.send(
      new UpdateCommand({
        TableName: env.runtime.env.TABLE_NAME!,
        Key: { pk: `C#${companyId}`, sk: 'COMPANY' },
        UpdateExpression: 'REMOVE campaignCount',
      }),
    );
    expect((await newCampaign(admin, 'Nueva 1')).status).toBe(201);
    expect(await campaignCountOf(companyId)).toBe(3);
    expect((await newCampaign(admin, 'Nueva 2')).body).toEqual({ error: 'ERR_CAMPAIGN_LIMIT_REACHED' });
  });

  it('leaves a plan without a campaigns limit unlimited, still counting', async () => {
    const { admin, companyId } = await companyOn({});
    for (let i = 0; i < 4; i += 1) expect((await newCampaign(admin, `Libre ${i}`)).status).toBe(201);
    expect(await campaignCountOf(companyId)).toBe(4);
  });
});

describe('ERR_USER_CREATION_DISABLED: the platform closes the public sign-up', () => {
  const signUp = (label: string) =>
    env.client().post<{ id?: number; error?: string }>('/companies/cadastro', {
      name: `Registro ${label} ${stamp}`,
      email: `registro-${label}-${stamp}@example.com`,
      phone: '(11) 98888-7777',
      password: 'secret1',
      planId: publicPlanId,
    });
  let publicPlanId: number;

  beforeAll(async () => {
    publicPlanId = (await env.client().get<{ id: number }[]>('/plans/list')).body[0]!.id;
  });
  afterAll(async () => {
    // The platform's settings are global to the runtime: open again.
    await root?.put('/settings/userCreation', { value: 'enabled' });
  });

  it('refuses a sign-up while the super user has user creation disabled, and only the super user may change it', async () => {
    const { admin } = await companyOn({});
    const denied = await admin.put('/settings/userCreation', { value: 'disabled' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await signUp('abierto')).status).toBe(201);

    expect((await root.put('/settings/userCreation', { value: 'disabled' })).status).toBe(200);
    const closed = await signUp('cerrado');
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({ error: 'ERR_USER_CREATION_DISABLED' });
    // While it is closed, an admin still adds users to their own company.
    const user = await admin.post('/users', {
      name: 'Agente',
      email: `agente-${stamp}@example.com`,
      password: 'secret1',
      profile: 'user',
      allTicket: 'desabled',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    // Nothing was made: the same e-mail signs up once the sign-up opens again.
    expect((await root.put('/settings/userCreation', { value: 'enabled' })).status).toBe(200);
    expect((await signUp('cerrado')).status).toBe(201);
  });
});
