import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Integration = {
  id: number;
  type: string;
  name: string;
  projectName: string | null;
  urlN8N: string | null;
  typebotDelayMessage: number;
  typebotExpires: number;
  typebotSlug: string | null;
  webhookSecret: string | null;
};

describe('queue integrations', () => {
  it('creates, lists, searches, changes and deletes integrations with the spec defaults and rules', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Integraciones');
    const live = await listen(admin);

    // The form's default type is typebot, with delay 1000 and expiry 1; the project name is the name.
    const typebot = await admin.post<Integration>('/queueIntegration', {
      name: 'Flujo de ventas',
      projectName: 'otro',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'ventas',
    });
    expect(typebot.status, JSON.stringify(typebot.body)).toBe(201);
    expect(typebot.body).toMatchObject({
      type: 'typebot',
      name: 'Flujo de ventas',
      projectName: 'Flujo de ventas',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      typebotSlug: 'ventas',
      webhookSecret: null,
    });

    // n8n and webhook get a signing key, in full only in the answer that made it.
    const hook = await admin.post<Integration>('/queueIntegration', {
      type: 'webhook',
      name: 'Mi webhook',
      urlN8N: 'https://hooks.example.com/in',
    });
    expect(hook.status).toBe(201);
    const secret = hook.body.webhookSecret!;
    expect(secret).toMatch(/^qisec_.{40,}$/);
    const read = await admin.get<Integration>(`/queueIntegration/${hook.body.id}`);
    expect(read.body.webhookSecret).toBe(`••••${secret.slice(-4)}`);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    const listed = await admin.get<{ queueIntegrations: Integration[]; hasMore: boolean }>(
      '/queueIntegration',
    );
    expect(listed.body.hasMore).toBe(false);
    expect(listed.body.queueIntegrations.map((i) => i.name)).toEqual(['Flujo de ventas', 'Mi webhook']);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // A change keeps the key unless rotated; a rotation shows the new one once.
    const renamed = await admin.put<Integration>(`/queueIntegration/${hook.body.id}`, {
      name: 'Webhook nuevo',
    });
    expect(renamed.body).toMatchObject({
      name: 'Webhook nuevo',
      projectName: 'Webhook nuevo',
      webhookSecret: `••••${secret.slice(-4)}`,
    });
    const rotated = await admin.put<Integration>(`/queueIntegration/${hook.body.id}`, { rotateSecret: true });
    expect(rotated.body.webhookSecret).toMatch(/^qisec_/);
    expect(rotated.body.webhookSecret).not.toBe(secret);
    const rotatedSecret = rotated.body.webhookSecret!;
    const afterRotation = await admin.get<Integration>(`/queueIntegration/${hook.body.id}`);
    expect(afterRotation.body.webhookSecret).toBe(`••••${rotatedSecret.slice(-4)}`);

    // The admins' live events about these writes never carry a key, old or new.
    const events = await until(async () => {
      const found = live.frames.filter((frame) => frame.event === 'queue-integration');
      return found.length >= 4 ? found : undefined;
    }, 'the queue-integration live events');
    expect(events.map((frame) => frame.data.action)).toEqual(['create', 'create', 'update', 'update']);
    expect(JSON.stringify(live.frames)).not.toContain(secret);
    expect(JSON.stringify(live.frames)).not.toContain(rotatedSecret);
    expect(JSON.stringify(live.frames)).not.toContain('qisec_');
    live.socket.close();

    // Search on the name, accents and case folded.
    const found = await admin.get<{ queueIntegrations: Integration[] }>(
      '/queueIntegration?searchParam=VENTAS',
    );
    expect(found.body.queueIntegrations.map((i) => i.id)).toEqual([typebot.body.id]);

    // Validation: name 2..50 (extended §5), unknown types and languages refused.
    expect((await admin.post('/queueIntegration', { name: 'a' })).status).toBe(400);
    expect((await admin.post('/queueIntegration', { name: 'x'.repeat(51) })).status).toBe(400);
    expect((await admin.post('/queueIntegration', { name: 'Otro', type: 'zapier' })).status).toBe(400);

    // A dialogflow integration keeps its own project name and holds no key.
    const dialogflow = await admin.post<Integration>('/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'mi-proyecto',
      language: 'es',
    });
    expect(dialogflow.body).toMatchObject({ projectName: 'mi-proyecto', webhookSecret: null });

    // A typebot turned into n8n gets a key; emptied texts are cleared.
    const changed = await admin.put<Integration>(`/queueIntegration/${typebot.body.id}`, {
      type: 'n8n',
      typebotSlug: '',
    });
    expect(changed.body).toMatchObject({
      type: 'n8n',
      typebotSlug: null,
      webhookSecret: expect.stringMatching(/^qisec_/),
    });

    // Agents may not reach them; the admin deletes one.
    const { agent } = await agentOf(admin, companyId, 'agente-integraciones');
    expect((await agent.get('/queueIntegration')).status).toBe(403);
    const deleted = await admin.call('DELETE', `/queueIntegration/${hook.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.get(`/queueIntegration/${hook.body.id}`)).status).toBe(404);
    expect((await admin.call('DELETE', `/queueIntegration/${hook.body.id}`)).status).toBe(404);
  });

  it('refuses every route to a company whose plan has no integrations', async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin integraciones ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useIntegrations: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-integraciones-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin integraciones ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const other = env.client();
    expect((await other.login(email, 'secret1')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/queueIntegration', undefined],
      ['GET', '/queueIntegration/1', undefined],
      ['POST', '/queueIntegration', { name: 'Flujo' }],
      ['PUT', '/queueIntegration/1', { name: 'Flujo' }],
      ['DELETE', '/queueIntegration/1', undefined],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
