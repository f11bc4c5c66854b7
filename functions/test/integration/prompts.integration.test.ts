import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LiveFrame } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { until } from './support/until.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';

/** /prompt (extended §2.11, §5, §7): admins of a plan with useOpenAi; the key never comes back. */

let env: TestRuntime;
beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

const key = 'sk-test-0123456789abcdefSECRET';
const text = 'Você é o assistente da loja. Responda em poucas palavras e com educação.';

type PromptAnswer = {
  id: number;
  name: string;
  apiKey: string;
  voiceKey: string | null;
  queueId: number | null;
  queue: { name: string } | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
};

describe('prompts', () => {
  it("tells the company's other admins about a prompt made, edited and deleted, and no agent or other company", async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Prompts en vivo');
    const second = await agentOf(admin, company.companyId, 'segunda', { profile: 'admin' });
    const agent = await agentOf(admin, company.companyId, 'agente');
    const outsider = env.client();
    await signUpCompany(outsider, 'Prompts ajenos');
    const [secondLive, agentLive, outsiderLive] = [
      await listen(second.agent),
      await listen(agent.agent),
      await listen(outsider),
    ];
    try {
      const promptEvents = (frames: LiveFrame[]) => frames.filter((f) => f.event === 'prompt');
      const queue = await admin.post<{ id: number }>('/queue', { name: 'Soporte', color: '#0a7cff' });
      const created = await admin.post<PromptAnswer>('/prompt', {
        name: 'Asistente vivo',
        prompt: text,
        apiKey: key,
        queueId: queue.body.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const made = await until(
        async () =>
          promptEvents(secondLive.frames).find(
            (f) => f.data.action === 'create' && (f.data.prompt as PromptAnswer).id === created.body.id,
          ),
        'the create at the second admin',
      );
      expect(made.data.prompt).toMatchObject({
        name: 'Asistente vivo',
        queue: { name: 'Soporte' },
        apiKey: 'sk-••••••••CRET',
      });
      expect(JSON.stringify(made.data)).not.toContain(key);
      expect((await admin.put(`/prompt/${created.body.id}`, { name: 'Asistente nuevo' })).status).toBe(200);
      await until(
        async () =>
          promptEvents(secondLive.frames).find(
            (f) => f.data.action === 'update' && (f.data.prompt as PromptAnswer).name === 'Asistente nuevo',
          ),
        'the edit at the second admin',
      );
      expect((await admin.delete(`/prompt/${created.body.id}`)).status).toBe(200);
      await until(
        async () =>
          promptEvents(secondLive.frames).find(
            (f) => f.data.action === 'delete' && f.data.promptId === created.body.id,
          ),
        'the delete at the second admin',
      );
      // A later event of their own reaches the agent and the outsider: by then the prompt's would have too.
      await admin.post('/contacts', { name: 'Marca', number: '5511970000051' });
      await until(
        async () => agentLive.frames.find((f) => f.event === 'contact'),
        'a later event at the agent',
      );
      const ownQueue = await outsider.post<{ id: number }>('/queue', { name: 'Propia', color: '#0a7cff' });
      await until(
        async () =>
          outsiderLive.frames.find(
            (f) =>
              f.event === 'queue' && (f.data.queue as { id: number } | undefined)?.id === ownQueue.body.id,
          ),
        "the outsider's own queue",
      );
      expect(promptEvents(agentLive.frames)).toEqual([]);
      expect(promptEvents(outsiderLive.frames)).toEqual([]);
    } finally {
      for (const live of [secondLive, agentLive, outsiderLive]) live.socket.close();
    }
  });

  it('creates with the defaults, lists, edits keeping the key, deletes; answers carry only the masked key', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Prompts');
    const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#0a7cff' });
    const created = await admin.post<PromptAnswer>('/prompt', {
      name: 'Asistente',
      prompt: text,
      apiKey: key,
      queueId: queue.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Asistente',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      queueId: queue.body.id,
      queue: { name: 'Ventas' },
    });
    expect(created.body.apiKey).toBe('sk-••••••••CRET');
    // The queue now runs it.
    expect((await admin.get<{ promptId: number | null }>(`/queue/${queue.body.id}`)).body.promptId).toBe(
      created.body.id,
    );

    const list = await admin.get<{ prompts: PromptAnswer[]; usage: { calls: number; dailyCallCap: number } }>(
      '/prompt',
    );
    expect(list.body.prompts.map((p) => p.name)).toEqual(['Asistente']);
    expect(list.body.usage).toMatchObject({ calls: 0, tokens: 0 });
    expect(list.body.usage.dailyCallCap).toBeGreaterThan(0);

    // The dialog sends the masked key back: the stored key is kept (the bot-turn test proves it still works).
    const edited = await admin.put<PromptAnswer>(`/prompt/${created.body.id}`, {
      name: 'Asistente 2',
      apiKey: created.body.apiKey,
      maxTokens: 50,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-voice-key-0123456789',
      voiceRegion: 'brazilsouth',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Asistente 2',
      apiKey: 'sk-••••••••CRET',
      maxTokens: 50,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azu••••••••6789',
    });
    const one = await admin.get<PromptAnswer>(`/prompt/${created.body.id}`);
    expect(one.body.name).toBe('Asistente 2');
    for (const answer of [created, list, edited, one]) {
      expect(JSON.stringify(answer.body)).not.toContain(key);
      expect(JSON.stringify(answer.body)).not.toContain('azure-voice-key-0123456789');
      expect(JSON.stringify(answer.body)).not.toMatch(/local:v1|kms:v1|Sealed/);
    }

    const removed = await admin.delete<{ message: string }>(`/prompt/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBeTruthy();
    expect((await admin.get(`/prompt/${created.body.id}`)).status).toBe(404);
    expect(
      (await admin.get<{ promptId: number | null }>(`/queue/${queue.body.id}`)).body.promptId,
    ).toBeNull();
    expect(company.companyId).toBeGreaterThan(0);
  });

  it("validates as §5 says: 'Indique el sector' without a queue, name and text lengths", async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Prompts validación');
    const queue = await admin.post<{ id: number }>('/queue', { name: 'Soporte', color: '#e91e63' });
    const noQueue = await admin.post<{ error: string; issues: { path: string; message: string }[] }>(
      '/prompt',
      { name: 'Asistente', prompt: text, apiKey: key },
    );
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.issues).toContainEqual({ path: 'queueId', message: 'Indique el sector' });
    const short = await admin.post<{ issues: { path: string; message: string }[] }>('/prompt', {
      name: 'Abc',
      prompt: 'corto',
      apiKey: key,
      queueId: queue.body.id,
    });
    expect(short.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: '¡Muy corto!' },
        { path: 'prompt', message: '¡Muy corto!' },
      ]),
    );
    const long = await admin.post<{ issues: { path: string; message: string }[] }>('/prompt', {
      name: 'x'.repeat(101),
      prompt: text,
      apiKey: key,
      queueId: queue.body.id,
    });
    expect(long.body.issues).toContainEqual({ path: 'name', message: '¡Muy largo!' });
    const badVoice = await admin.post('/prompt', {
      name: 'Asistente',
      prompt: text,
      apiKey: key,
      queueId: queue.body.id,
      voice: 'en-US-JennyNeural',
    });
    expect(badVoice.status).toBe(400);
    expect(
      (await admin.post('/prompt', { name: 'Asistente', prompt: text, apiKey: key, queueId: 999999 })).status,
    ).toBe(404);
  });

  it('is for admins, and refused when the plan has no useOpenAi', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Prompts agente');
    const { agent } = await agentOf(admin, company.companyId, 'prompts');
    expect((await agent.get('/prompt')).status).toBe(403);

    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin IA ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useOpenAi: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-ia-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin IA ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const other = env.client();
    expect((await other.login(email, 'secret1')).status).toBe(200);
    for (const answer of [
      await other.get('/prompt'),
      await other.post('/prompt', { name: 'Asistente', prompt: text, apiKey: key, queueId: 1 }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
