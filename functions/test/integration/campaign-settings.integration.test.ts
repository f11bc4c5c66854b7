import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Row = { key: string; value: string };
const asObject = (rows: Row[]) =>
  Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));

describe('campaign settings', () => {
  it('answers the defaults, saves the §9 options and drops a repeated shortcut', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Ajustes campañas');
    const first = await admin.get<Row[]>('/campaign-settings');
    expect(first.status).toBe(200);
    expect(asObject(first.body)).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });

    const saved = await admin.post<Row[]>('/campaign-settings', {
      messageInterval: 5,
      longerIntervalAfter: 0,
      greaterInterval: 120,
      variables: [
        { key: 'tienda', value: 'Centro' },
        { key: 'tienda', value: 'Otra' },
        { key: 'horario', value: '9 a 18' },
      ],
    });
    expect(saved.status).toBe(200);
    const expected = {
      messageInterval: 5,
      longerIntervalAfter: 0,
      greaterInterval: 120,
      variables: [
        { key: 'tienda', value: 'Centro' },
        { key: 'horario', value: '9 a 18' },
      ],
    };
    expect(asObject(saved.body)).toEqual(expected);
    expect(asObject((await admin.get<Row[]>('/campaign-settings')).body)).toEqual(expected);

    // Only the option lists of §9.
    const bad = await admin.post('/campaign-settings', {
      messageInterval: 7,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('is for admins of a plan with campaigns only', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Sin permiso');
    const { agent } = await agentOf(admin, company.companyId, 'ajustes');
    expect((await agent.get('/campaign-settings')).status).toBe(403);
    expect((await agent.post('/campaign-settings', { messageInterval: 5 })).status).toBe(403);

    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin campañas ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useCampaigns: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-campanas-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin campañas ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const other = env.client();
    expect((await other.login(email, 'secret1')).status).toBe(200);
    const refused = await other.get('/campaign-settings');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await other.post('/campaign-settings', { messageInterval: 5 })).body).toEqual({
      error: 'ERR_PLAN_FEATURE_DISABLED',
    });
  });
});
