import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DataPrompts from '#data/prompts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';

/**
 * A prompt and its queues change in one transaction (data/prompts.ts, AP-PR-3..5). Each test makes
 * the write that used to come second (the queue's) fail, and finds the first one not done either.
 */

let env: TestRuntime;
// Imported after the runtime started: the data layer names its table when first imported.
let data: typeof DataPrompts;
beforeAll(async () => {
  env = await startTestRuntime();
  data = await import('#data/prompts');
});
afterAll(async () => env?.stop());

const text = 'Você é o assistente da loja. Responda em poucas palavras e com educação.';
const fields = (queueId: number) => ({
  name: 'Asistente',
  prompt: text,
  voice: 'texto' as const,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId,
  apiKeySealed: 'local:v1:x.y.z',
  apiKeyMask: 'sk-••••••••CRET',
});

async function companyWithQueues(label: string, names: string[]) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const colours = ['#0a7cff', '#4caf50', '#ff9800'];
  const queues: number[] = [];
  for (const [index, name] of names.entries()) {
    const created = await admin.post<{ id: number }>('/queue', { name, color: colours[index] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    queues.push(created.body.id);
  }
  const promptIdOf = async (queueId: number) =>
    (await admin.get<{ promptId: number | null }>(`/queue/${queueId}`)).body.promptId;
  return { admin, companyId: company.companyId, queues, promptIdOf };
}

describe('prompt writes', () => {
  it('creates no prompt when its queue cannot take it (gone since it was checked)', async () => {
    const { admin, companyId, queues } = await companyWithQueues('Prompt sin cola', ['Ventas']);
    const [queueId] = queues as [number];
    expect((await admin.delete(`/queue/${queueId}`)).status).toBe(204);

    await expect(data.createPrompt(companyId, fields(queueId))).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await data.listPrompts(companyId)).toEqual([]);
    expect((await admin.get<{ prompts: unknown[] }>('/prompt')).body.prompts).toEqual([]);
  });

  it('keeps the prompt unchanged when the queue it moves to cannot take it', async () => {
    const { admin, companyId, queues, promptIdOf } = await companyWithQueues('Prompt que cambia', ['Ventas', 'Soporte']);
    const [first, second] = queues as [number, number];
    const prompt = await data.createPrompt(companyId, fields(first));
    expect(await promptIdOf(first)).toBe(prompt.id);
    expect((await admin.delete(`/queue/${second}`)).status).toBe(204);

    await expect(
      data.updatePrompt(companyId, prompt.id, { name: 'Otro nombre', queueId: second }, [], second),
    ).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await data.getPrompt(companyId, prompt.id)).toMatchObject({ name: 'Asistente', queueId: first });
  });

  it('deletes nothing when a queue cannot be detached, and everything through the route', async () => {
    const { admin, companyId, queues, promptIdOf } = await companyWithQueues('Prompt borrado', ['Ventas', 'Soporte', 'Cobranza']);
    const [first, second, third] = queues as [number, number, number];
    const prompt = await data.createPrompt(companyId, fields(first));
    expect((await admin.put(`/queue/${second}`, { promptId: prompt.id })).status).toBe(200);
    expect(await promptIdOf(second)).toBe(prompt.id);

    // A stale list that names a queue running no prompt: its detach is refused, every time.
    const stale = [first, third];
    let reads = 0;
    await expect(
      data.deletePrompt(companyId, prompt.id, stale, async () => {
        reads += 1;
        return stale;
      }),
    ).rejects.toMatchObject({ code: 'ERR_TICKET_CONFLICT' });
    expect(reads).toBe(2);
    expect(await data.getPrompt(companyId, prompt.id)).toBeDefined();
    expect(await promptIdOf(first)).toBe(prompt.id);
    expect(await promptIdOf(second)).toBe(prompt.id);

    // The route reads the queues that name it: the prompt goes and so does its id on both.
    expect((await admin.delete(`/prompt/${prompt.id}`)).status).toBe(200);
    expect(await data.getPrompt(companyId, prompt.id)).toBeUndefined();
    expect(await promptIdOf(first)).toBeNull();
    expect(await promptIdOf(second)).toBeNull();
    expect((await admin.delete(`/prompt/${prompt.id}`)).status).toBe(404);
  });
});
