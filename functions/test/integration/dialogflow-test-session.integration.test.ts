import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogflowFake, type FakeServiceAccount } from '../fakes/dialogflow-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

/**
 * POST /queueIntegration/testSession (extended §2.12, §7): the dialog's Test button runs a real
 * detect-intent call with the posted, unsaved integration data, here against the local Dialogflow
 * ES fake (DIALOGFLOW_API_ENDPOINT), never the internet.
 */
describe('POST /queueIntegration/testSession', () => {
  const project = 'atende-test-agent';
  let env: TestRuntime;
  let fake: DialogflowFake;
  let account: FakeServiceAccount;
  let admin: ApiClient;
  let companyId: number;

  beforeAll(async () => {
    fake = await new DialogflowFake().start();
    fake.setIntents([
      {
        displayName: 'Saludo',
        phrases: ['hola', 'olá', 'hello'],
        messages: ['¡Hola! Soy el bot.', '¿En qué puedo ayudar?'],
      },
    ]);
    account = fake.serviceAccount(project);
    process.env.DIALOGFLOW_API_ENDPOINT = fake.url;
    env = await startTestRuntime();
    admin = env.client();
    companyId = (await signUpCompany(admin, 'Dialogflow')).companyId;
  });

  afterAll(async () => {
    await env?.stop();
    delete process.env.DIALOGFLOW_API_ENDPOINT;
    await fake?.stop();
  });

  it("answers the agent's fulfilment texts for a greeting in the posted language, in a throwaway session", async () => {
    const answer = await admin.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: account.json,
      language: 'es',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ messages: ['¡Hola! Soy el bot.', '¿En qué puedo ayudar?'] });
    expect(fake.calls.at(-1)).toMatchObject({
      project,
      text: 'Hola',
      languageCode: 'es',
      clientEmail: account.clientEmail,
    });
    expect(fake.calls.at(-1)?.session).toMatch(/^test-/);

    const portuguese = await admin.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: account.json,
      language: 'pt-BR',
    });
    expect(portuguese.status).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ text: 'Olá', languageCode: 'pt-BR' });
  });

  it('refuses a key file that is not a service account with 400 ERR_DIALOGFLOW_CREDENTIALS, before any call', async () => {
    const before = fake.calls.length;
    for (const jsonContent of [
      'not json',
      '{"client_email":"a@b.c"}',
      JSON.stringify({ client_email: 'a@b.c', private_key: 'nope' }),
    ]) {
      const answer = await admin.post('/queueIntegration/testSession', {
        projectName: project,
        jsonContent,
        language: 'es',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'ERR_DIALOGFLOW_CREDENTIALS', reason: expect.any(String) });
    }
    expect(fake.calls.length).toBe(before);
  });

  it('validates the body: projectName, jsonContent and a known language are required', async () => {
    const missing = await admin.post<{ error: string }>('/queueIntegration/testSession', {
      jsonContent: account.json,
      language: 'es',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    const language = await admin.post<{ error: string }>('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: account.json,
      language: 'fr',
    });
    expect(language.status).toBe(400);
    expect(language.body.error).toBe('ERR_VALIDATION');
  });

  it('answers 400 ERR_DIALOGFLOW_REJECTED when Dialogflow refuses (another project) and 502 ERR_DIALOGFLOW_UNAVAILABLE when it fails', async () => {
    const refused = await admin.post('/queueIntegration/testSession', {
      projectName: 'not-mine',
      jsonContent: account.json,
      language: 'es',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'ERR_DIALOGFLOW_REJECTED', status: 403 });

    fake.failNext(503);
    const down = await admin.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: account.json,
      language: 'es',
    });
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ error: 'ERR_DIALOGFLOW_UNAVAILABLE' });
  });

  it('is for admins only, and never echoes the private key', async () => {
    const { agent } = await agentOf(admin, companyId, 'df-agente');
    const answer = await agent.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: account.json,
      language: 'es',
    });
    expect(answer.status).toBe(403);
    const keyLine = (JSON.parse(account.json) as { private_key: string }).private_key.split('\n')[1]!;
    const refused = await admin.post('/queueIntegration/testSession', {
      projectName: 'not-mine',
      jsonContent: account.json,
      language: 'es',
    });
    expect(JSON.stringify(refused.body)).not.toContain(keyLine);
  });

  it('stores the key file sealed: answers and live events show it masked, a save keeps it, Test uses it by id', async () => {
    const keyLine = (JSON.parse(account.json) as { private_key: string }).private_key.split('\n')[1]!;
    const live = await listen(admin);
    const created = await admin.post<{ id: number; jsonContent: string }>('/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente guardado',
      projectName: project,
      jsonContent: account.json,
      language: 'es',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const masked = JSON.parse(created.body.jsonContent) as Record<string, string>;
    expect(masked).toMatchObject({ client_email: account.clientEmail, private_key: '••••' });
    const id = created.body.id;

    // A save that sends the masked form back (or no key file) keeps the stored one.
    const renamed = await admin.put<{ jsonContent: string }>(`/queueIntegration/${id}`, {
      name: 'Agente renombrado',
      jsonContent: created.body.jsonContent,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.jsonContent).toBe(created.body.jsonContent);
    const read = await admin.get(`/queueIntegration/${id}`);
    const listed = await admin.get('/queueIntegration');
    for (const answer of [created, renamed, read, listed])
      expect(JSON.stringify(answer.body)).not.toContain(keyLine);

    // Test with the masked form and the id opens the stored key file.
    const before = fake.calls.length;
    const tested = await admin.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: created.body.jsonContent,
      language: 'es',
      id,
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(fake.calls.length).toBe(before + 1);
    expect(fake.calls.at(-1)).toMatchObject({ clientEmail: account.clientEmail });
    // Without the id a masked form is no key file; another company's id is not found.
    const noId = await admin.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: created.body.jsonContent,
      language: 'es',
    });
    expect(noId.body).toMatchObject({ error: 'ERR_DIALOGFLOW_CREDENTIALS', reason: 'masked' });
    const other = env.client();
    await signUpCompany(other, 'Otra Dialogflow');
    const foreign = await other.post('/queueIntegration/testSession', {
      projectName: project,
      jsonContent: created.body.jsonContent,
      language: 'es',
      id,
    });
    expect(foreign.status).toBe(404);
    expect(fake.calls.length).toBe(before + 1);

    await until(async () => {
      const events = live.frames.filter((frame) => frame.event === 'queue-integration');
      return events.length >= 2 ? events : undefined;
    }, 'the queue-integration live events');
    expect(JSON.stringify(live.frames)).not.toContain(keyLine);
    live.socket.close();
  });
});
