import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AzureSpeechFake } from '../fakes/azure-speech-fake.ts';
import { OpenAiFake } from '../fakes/openai-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The AI prompt answering sandbox customers (docs/decisions.md, "AI prompts"), against local
 * fakes of the OpenAI API and Azure speech: answers in order, one per customer message under
 * redelivery, hand-off, a failing or slow provider, audio in and voice out, the daily cap, and
 * the key never in an answer, a log line or a live event.
 */

const openai = new OpenAiFake();
const speech = new AzureSpeechFake();
const apiKey = 'sk-live-P1-0123456789abcdefghijKEY';
const voiceKey = 'azure-P1-voice-0123456789abcdefVKEY';
const promptText = 'Você é o assistente da Loja Teste. Responda sempre em uma frase curta e educada.';
let env: TestRuntime;
const captured: string[] = [];
const restoreWrites: (() => void)[] = [];

function capture(stream: NodeJS.WriteStream) {
  const original = stream.write.bind(stream);
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured.push(String(chunk));
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  restoreWrites.push(() => (stream.write = original));
}

beforeAll(async () => {
  capture(process.stdout);
  capture(process.stderr);
  openai.acceptedKey = apiKey;
  speech.acceptedKey = voiceKey;
  process.env.OPENAI_BASE_URL = await openai.start();
  process.env.AZURE_SPEECH_BASE_URL = await speech.start();
  process.env.BOT_TURN_TIMEOUT_MS = '1500';
  process.env.BOT_TURN_BACKOFF_MS = '100';
  process.env.BOT_TURN_RETRIES = '2';
  // Seven AI calls a day per company: the first test reaches the cap.
  process.env.ATENDE_AI_DAILY_CALLS = '7';
  env = await startTestRuntime();
  // Every line the functions and the connector print, also those a quiet runtime does not show.
  restoreWrites.push(env.runtime.output.onLine((line) => void captured.push(line.text)));
});
afterAll(async () => {
  await env?.stop();
  await openai.stop();
  await speech.stop();
  for (const restore of restoreWrites) restore();
  for (const name of [
    'OPENAI_BASE_URL',
    'AZURE_SPEECH_BASE_URL',
    'BOT_TURN_TIMEOUT_MS',
    'BOT_TURN_BACKOFF_MS',
    'BOT_TURN_RETRIES',
    'ATENDE_AI_DAILY_CALLS',
  ])
    delete process.env[name];
});

type Ticket = {
  id: number;
  contactId: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  contact: { number: string } | null;
};
let numbers = 0;

/** A company whose one queue runs a prompt, its sandbox connection offering that queue. */
async function companyWithPrompt(label: string, prompt: Record<string, unknown> = {}) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#0a7cff' });
  const created = await admin.post<{ id: number }>('/prompt', {
    name: 'Asistente',
    prompt: promptText,
    apiKey,
    queueId: queue.body.id,
    ...prompt,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const wid = await connectSandbox(admin, { queueIds: [queue.body.id] });
  return { admin, company, wid, queueId: queue.body.id, promptId: created.body.id };
}

class Customer {
  readonly number = `55119800${String((numbers += 1)).padStart(5, '0')}`;
  private said = 0;
  constructor(
    private readonly admin: ApiClient,
    private readonly wid: number,
  ) {}

  async say(
    body: string,
    extra: Record<string, unknown> = {},
    id = `${this.number}-${(this.said += 1)}`,
  ): Promise<string> {
    await customerWrites(this.admin, this.wid, { from: this.number, name: 'Cliente', body, id, ...extra });
    return id;
  }

  async outbox() {
    return outboxOf(this.admin, this.wid, this.number);
  }

  /** Waits for the outbox to hold `count` messages and answers their bodies. */
  async heard(count: number): Promise<string[]> {
    return until(async () => {
      const box = await this.outbox();
      return box.length >= count ? box.map((m) => m.body) : undefined;
    }, `${count} replies to ${this.number}`);
  }

  async ticket(): Promise<Ticket> {
    return until(async () => {
      for (const status of ['pending', 'open', 'closed']) {
        const list = await this.admin.get<{ tickets: Ticket[] }>(`/tickets?status=${status}&showAll=true`);
        const found = list.body.tickets.find((t) => t.contact?.number === this.number);
        if (found) return found;
      }
      return undefined;
    }, `ticket of ${this.number}`);
  }
}

/** The first page of an Ogg Opus stream (OggS, then OpusHead at byte 28), as a voice note starts. */
function oggOpus(): Buffer {
  const head = Buffer.concat([
    Buffer.from('OpusHead'),
    Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  const page = Buffer.concat([
    Buffer.from('OggS'),
    Buffer.from([0, 2]),
    Buffer.alloc(8),
    Buffer.from([1, 0, 0, 0]),
    Buffer.alloc(4),
    Buffer.alloc(4),
    Buffer.from([1, head.length]),
    head,
  ]);
  return Buffer.concat([page, Buffer.alloc(200, 0)]);
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 2_000));

describe('an AI prompt on the queue', () => {
  it('answers each customer message once, in order, with the prompt, the history, max tokens and temperature', async () => {
    const { admin, wid } = await companyWithPrompt('IA orden', {
      maxTokens: 60,
      temperature: 0.5,
      maxMessages: 3,
    });
    const live = await listen(admin);
    const customer = new Customer(admin, wid);
    // The first message assigns the queue (no greeting) and its bot answers it (issue #25).
    await customer.say('hola');
    expect(await customer.heard(1)).toEqual([expect.stringMatching(/: hola$/)]);
    const before = openai.chatCalls.length;
    // One after the other: each answer is in the history of the next call.
    const first = await customer.say('precio');
    await customer.heard(2);
    await customer.say('envío');
    await customer.heard(3);
    await customer.say('pago');
    const replies = (await customer.heard(4)).slice(1);
    expect(replies.map((r) => r.replace(/^Respuesta \d+: /, ''))).toEqual(['precio', 'envío', 'pago']);
    const calls = openai.chatCalls.slice(before);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.authorization).toBe(`Bearer ${apiKey}`);
    expect(calls[0]!.body).toMatchObject({ max_tokens: 60, temperature: 0.5 });
    expect(calls[0]!.body.messages[0]).toMatchObject({ role: 'system' });
    expect(calls[0]!.body.messages[0]!.content).toContain(promptText);
    // maxMessages 3: the system text, the customer's name as a note, then the last three messages,
    // ending with the one answered.
    expect(calls[2]!.body.messages[1]).toMatchObject({ role: 'user' });
    expect(calls[2]!.body.messages[1]!.content).toMatch(/^\[Nome do cliente no WhatsApp: .+\]$/);
    expect(calls[2]!.body.messages.slice(2)).toEqual([
      { role: 'user', content: 'envío' },
      { role: 'assistant', content: replies[1] },
      { role: 'user', content: 'pago' },
    ]);

    // A burst: the answers keep the customer's order.
    await customer.say('a');
    await customer.say('b');
    await customer.say('c');
    const burst = (await customer.heard(7)).slice(4);
    expect(burst.map((r) => r.replace(/^Respuesta \d+: /, ''))).toEqual(['a', 'b', 'c']);

    // Redelivered: no second answer, no second model call.
    await customer.say('precio', {}, first);
    await quiet();
    expect(await customer.heard(7)).toHaveLength(7);
    expect(openai.chatCalls.length - before).toBe(6);
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ status: 'pending', userId: null });
    const messages = await admin.get<{ messages: { body: string; fromMe: boolean }[] }>(
      `/messages/${ticket.id}`,
    );
    expect(messages.body.messages.filter((m) => m.fromMe)).toHaveLength(7);
    live.socket.close();
    expect(JSON.stringify(live.frames)).not.toContain(apiKey);
    const usage = await admin.get<{ usage: { calls: number; tokens: number; dailyCallCap: number } }>(
      '/prompt',
    );
    expect(usage.body.usage).toMatchObject({ calls: 7, tokens: 210, dailyCallCap: 7 });

    // The eighth message of the day is past the company's cap: no model call, a person takes over.
    await customer.say('¿y el cambio?');
    const notes = await until(async () => {
      const answer = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return Array.isArray(answer.body) && answer.body.length > 0 ? answer.body : undefined;
    }, 'the cap note');
    expect(notes[0]!.note).toMatch(/límite diario/);
    expect(openai.chatCalls.length - before).toBe(6);
    expect(await customer.outbox()).toHaveLength(7);
    // A journey of eleven customer messages through the bot queue, one after the other.
  }, 120_000);

  it('hands over on the hand-off phrase: the phrase is not sent, the bot stops, a note tells why', async () => {
    const { admin, wid } = await companyWithPrompt('IA traspaso');
    const customer = new Customer(admin, wid);
    await customer.say('hola');
    await customer.heard(1);
    await customer.say('quiero hablar con un humano');
    expect((await customer.heard(2)).at(-1)).toBe('Claro, ya te paso.');
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ status: 'pending', userId: null });
    const notes = await until(async () => {
      const answer = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return Array.isArray(answer.body) && answer.body.length > 0 ? answer.body : undefined;
    }, 'the hand-off note');
    expect(notes[0]!.note).toMatch(/agente/);
    const calls = openai.chatCalls.length;
    await customer.say('¿hay alguien?');
    await quiet();
    expect(await customer.outbox()).toHaveLength(2);
    expect(openai.chatCalls.length).toBe(calls);
  });

  it('retries a slow or failing model with backoff; when it keeps failing, a person takes over', async () => {
    const { admin, wid } = await companyWithPrompt('IA fallas');
    const customer = new Customer(admin, wid);
    await customer.say('hola');
    await customer.heard(1);
    // Slow once (past the 1.5 s timeout), then a 429: the third try answers, once.
    openai.slowNext(4_000, 1);
    const before = openai.chatCalls.length;
    await customer.say('uno');
    expect((await customer.heard(2)).slice(1)).toEqual([expect.stringMatching(/: uno$/)]);
    await quiet();
    expect(await customer.outbox()).toHaveLength(2);
    expect(openai.chatCalls.length - before).toBeGreaterThanOrEqual(1);

    openai.failNext(503, 10);
    await customer.say('dos');
    const ticket = await customer.ticket();
    const notes = await until(async () => {
      const answer = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return Array.isArray(answer.body) && answer.body.length > 0 ? answer.body : undefined;
    }, 'the failure note');
    expect(notes[0]!.note).toMatch(/no pudo responder/);
    openai.failNext(503, 0);
    // The customer is told a person follows (the queue's hand-off text), once.
    expect((await customer.heard(3)).at(-1)).toBe(
      'Su conversación fue transferida al sector *Ventas*. En breve le atenderemos.',
    );
    expect(await customer.ticket()).toMatchObject({ status: 'pending', userId: null });
    await customer.say('tres');
    await quiet();
    expect(await customer.outbox()).toHaveLength(3);
  });

  it('transcribes a voice message and answers with a voice note when the prompt has a voice', async () => {
    const { admin, wid } = await companyWithPrompt('IA voz', {
      voice: 'pt-BR-FranciscaNeural',
      voiceKey,
      voiceRegion: 'brazilsouth',
    });
    const customer = new Customer(admin, wid);
    await customer.say('hola');
    await customer.heard(1);
    const ogg = oggOpus();
    const transcriptions = openai.transcriptionCalls.length;
    await customer.say('', { mediaType: 'audio', data: ogg.toString('base64'), fileName: 'nota.ogg' });
    const box = await until(async () => {
      const items = await customer.outbox();
      return items.length >= 2 ? items : undefined;
    }, 'the voice answer');
    expect(box[1]!.mediaType).toBe('audio');
    const ticket = await customer.ticket();
    const stored = await admin.get<{ messages: { fromMe: boolean; mediaType: string | null }[] }>(
      `/messages/${ticket.id}`,
    );
    expect(stored.body.messages.filter((m) => !m.fromMe).map((m) => m.mediaType)).toContain('audio');
    expect(openai.transcriptionCalls.length).toBe(transcriptions + 1);
    expect(openai.chatCalls.at(-1)!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: openai.transcription,
    });
    expect(speech.calls.at(-1)).toMatchObject({ key: voiceKey, format: 'ogg-24khz-16bit-mono-opus' });
    expect(speech.calls.at(-1)!.ssml).toContain('pt-BR-FranciscaNeural');
  });

  it("caps a company's AI answers a day by its plan's own cap, not the platform's default", async () => {
    // A hidden plan with two AI answers a day (the platform's default here is seven), given by
    // the super user to a new company before its admin does anything.
    const root = env.client();
    expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
    const label = `ia-plan-${Date.now().toString(36)}`;
    const plan = await root.post<{ id: number; aiDailyCalls: number | null }>('/plans', {
      name: `Plan ${label}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      isPublic: false,
      aiDailyCalls: 2,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body.aiDailyCalls).toBe(2);
    const email = `${label}@example.com`;
    const company = await root.post<{ id: number }>('/companies', {
      name: `Empresa ${label}`,
      email,
      password: 'secret1',
      planId: plan.body.id,
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const admin = env.client();
    expect((await admin.login(email, 'secret1')).status).toBe(200);
    const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#0a7cff' });
    const created = await admin.post<{ id: number }>('/prompt', {
      name: 'Asistente',
      prompt: promptText,
      apiKey,
      queueId: queue.body.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const wid = await connectSandbox(admin, { queueIds: [queue.body.id] });
    const usage = await admin.get<{ usage: { dailyCallCap: number } }>('/prompt');
    expect(usage.body.usage.dailyCallCap).toBe(2);

    const customer = new Customer(admin, wid);
    const before = openai.chatCalls.length;
    await customer.say('hola');
    await customer.heard(1);
    await customer.say('precio');
    await customer.heard(2);
    // The third message is past the plan's cap: no model call, the cap note, a person takes over.
    await customer.say('envío');
    const ticket = await customer.ticket();
    const notes = await until(async () => {
      const answer = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return Array.isArray(answer.body) && answer.body.length > 0 ? answer.body : undefined;
    }, 'the cap note');
    expect(notes[0]!.note).toMatch(/límite diario/);
    expect(openai.chatCalls.length - before).toBe(2);
    expect(await customer.outbox()).toHaveLength(2);
    expect(ticket).toMatchObject({ status: 'pending', userId: null });

    // Taken away (null), the plan falls back to the default: the super user sees it empty.
    const cleared = await root.put<{ aiDailyCalls: number | null }>(`/plans/${plan.body.id}`, { aiDailyCalls: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.aiDailyCalls).toBeNull();
  });

  it('never shows the keys in an answer or a log line', async () => {
    const { admin } = await companyWithPrompt('IA secreto', {
      voice: 'pt-BR-AntonioNeural',
      voiceKey,
      voiceRegion: 'brazilsouth',
    });
    const answers = [await admin.get('/prompt'), await admin.get('/queue')];
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain(apiKey);
      expect(JSON.stringify(answer.body)).not.toContain(voiceKey);
    }
    const logs = captured.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(apiKey);
    expect(logs).not.toContain(voiceKey);
  });
});
