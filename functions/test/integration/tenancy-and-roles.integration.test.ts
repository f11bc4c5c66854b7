import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser } from './support/runtime.ts';

let env: Awaited<ReturnType<typeof startTestRuntime>>;
let root: ApiClient;

beforeAll(async () => {
  env = await startTestRuntime();
  root = env.client();
  await root.login(superUser.email, superUser.password);
});
afterAll(async () => env?.stop());

type UserAnswer = { id: number; email: string; profile: string; companyId: number };

async function createUser(admin: ApiClient, email: string, overrides: Record<string, unknown> = {}) {
  return admin.post<UserAnswer & { error?: string }>('/users', {
    name: 'Agente Uno',
    email,
    password: 'secret1',
    profile: 'user',
    allTicket: 'desabled',
    queueIds: [],
    ...overrides,
  });
}

describe('tenant isolation', () => {
  it("never lets one company read or change another company's users, settings or company", async () => {
    const a = env.client();
    const b = env.client();
    const companyA = await signUpCompany(a, 'Alfa');
    const companyB = await signUpCompany(b, 'Beta');
    // Company A gets users 2 and 3, so id 3 exists only in A.
    await createUser(a, `a2-${companyA.companyId}@example.com`);
    const onlyInA = await createUser(a, `a3-${companyA.companyId}@example.com`);
    expect(onlyInA.status).toBe(201);

    const probe = await b.get(`/users/${onlyInA.body.id}`);
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toContain('@example.com');
    expect((await b.put(`/users/${onlyInA.body.id}`, { name: 'Hacked' })).status).toBe(404);
    expect((await b.delete(`/users/${onlyInA.body.id}`)).status).toBe(404);

    const listB = await b.get<{ users: UserAnswer[] }>('/users');
    expect(listB.body.users.every((u) => u.companyId === companyB.companyId)).toBe(true);
    const shortListB = await b.get<UserAnswer[]>('/users/list');
    expect(shortListB.body.map((u) => u.email)).toEqual([companyB.admin.email]);

    // A company id in a body or path never reaches another company.
    const smuggled = await createUser(b, `smuggled-${companyB.companyId}@example.com`, { companyId: companyA.companyId });
    expect(smuggled.status).toBe(201);
    expect(smuggled.body.companyId).toBe(companyB.companyId);

    for (const [method, path] of [
      ['GET', `/companies/${companyA.companyId}`],
      ['GET', `/companies/listPlan/${companyA.companyId}`],
      ['PUT', `/companies/${companyA.companyId}/schedules`],
      ['PUT', `/companies/${companyA.companyId}`],
      ['DELETE', `/companies/${companyA.companyId}`],
      ['GET', '/companies'],
      ['GET', '/companies/list'],
    ] as const) {
      const answer = await b.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : { schedules: [], name: 'X' });
      expect([403, 400], `${method} ${path}`).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toContain('Alfa');
    }

    expect((await a.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    const settingsB = await b.get<{ key: string; value: string }[]>('/settings');
    expect(settingsB.body.find((s) => s.key === 'userRating')?.value).toBe('disabled');
  });
});

describe('roles', () => {
  it('keeps agents to their own profile and admins to their company', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Gamma');
    const agentEmail = `agent-${companyId}@example.com`;
    const created = await createUser(admin, agentEmail);
    const agent = env.client();
    expect((await agent.login(agentEmail, 'secret1')).status).toBe(200);

    expect((await agent.get('/users')).status).toBe(403);
    expect((await createUser(agent, `x-${companyId}@example.com`)).status).toBe(403);
    expect((await agent.put('/settings/userRating', { value: 'enabled' })).status).toBe(403);
    expect((await agent.put(`/users/${created.body.id}`, { name: 'Agente Renombrado' })).status).toBe(200);
    const promote = await agent.put(`/users/${created.body.id}`, { profile: 'admin' });
    expect(promote.status).toBe(403);
    expect(promote.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await agent.get(`/users/${created.body.id}`)).status).toBe(200);
    expect((await agent.get('/users/1')).status).toBe(403);
    expect((await admin.put(`/users/${created.body.id}`, { super: true })).status).toBe(403);
  });

  it('answers bad user input with the spec texts and duplicate e-mails with a conflict', async () => {
    const admin = env.client();
    const { admin: credentials } = await signUpCompany(admin, 'Delta');
    const invalid = await admin.post<{ issues: { path: string; message: string }[] }>('/users', {
      name: 'A',
      email: 'bad',
      password: '1',
      profile: 'user',
      allTicket: 'desabled',
    });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries(invalid.body.issues.map((i) => [i.path, i.message]));
    expect(messages.email).toBe('Email no valido');
    expect(messages.name).toBeTruthy();
    const duplicate = await createUser(admin, credentials.email);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'ERR_DUPLICATED_EMAIL' });
  });
});

describe('plans', () => {
  it("refuses the user beyond the plan's limit, and counts a deleted user out", async () => {
    const plan = await root.post<{ id: number }>('/plans', { name: `Mini ${Date.now()}`, users: 2, connections: 1, queues: 1, value: 10 });
    expect(plan.status).toBe(201);
    const company = await root.post<{ id: number }>('/companies', {
      name: `Mini Co ${Date.now()}`,
      email: `mini-${Date.now()}@example.com`,
      password: 'secret1',
      planId: plan.body.id,
    });
    expect(company.status).toBe(201);
    const admin = env.client();
    const companies = await root.get<{ id: number; email: string }[]>('/companies/list');
    const created = companies.body.find((c) => c.id === company.body.id)!;
    expect((await admin.login(created.email, 'secret1')).status).toBe(200);

    const second = await createUser(admin, `second-${company.body.id}@example.com`);
    expect(second.status).toBe(201);
    const third = await createUser(admin, `third-${company.body.id}@example.com`);
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ error: 'ERR_PLAN_LIMIT_REACHED' });

    expect((await admin.delete(`/users/${second.body.id}`)).status).toBe(204);
    expect((await createUser(admin, `third-${company.body.id}@example.com`)).status).toBe(201);
  });

  it('lets a company whose due date passed sign in and reach only what paying needs', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Vencida');
    expect((await root.put(`/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    const relogin = env.client();
    const companies = await root.get<{ id: number; email: string }[]>('/companies/list');
    const email = companies.body.find((c) => c.id === companyId)!.email;
    const login = await relogin.login(email, 'secret1');
    expect(login.status).toBe(200);
    expect((await relogin.get('/auth/me')).status).toBe(200);
    expect((await relogin.get('/plans/all')).status).toBe(200);
    const blocked = await relogin.get('/users');
    expect(blocked.status).toBe(402);
    expect(blocked.body).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED' });
  });

  it('gives plan administration to super users only', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Epsilon');
    expect((await admin.post('/plans', { name: 'Nope', users: 1, connections: 1, queues: 1, value: 1 })).status).toBe(403);
    expect((await admin.get('/plans')).status).toBe(403);
    expect((await admin.get('/plans/all')).status).toBe(200);
    const anonymous = await env.client().get<unknown[]>('/plans/list');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.length).toBeGreaterThan(0);
    const inUse = await root.delete('/plans/1');
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ error: 'ERR_PLAN_IN_USE' });
  });
});
