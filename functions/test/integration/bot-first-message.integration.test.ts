import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import { IntegrationReceiverFake } from '../fakes/integration-receiver-fake.ts';
import { OpenAiFake } from '../fakes/openai-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * Issue #25: a connection with one queue places the customer's first message in that queue, and
 * that very message goes to the queue's bot (docs/chatbot.md, "The chatbot and the queue's bot"),
 * once, also when it is delivered again. And an AI prompt that cannot reach its provider ends
 * with the queue's hand-off text to the customer and a note to the agents, each once.
 */

const openai = new OpenAiFake();
const receiver = new IntegrationReceiverFake();
const apiKey = 'sk-live-F1-0123456789abcdefghijKEY';
const promptText = 'Você é o assistente da Loja Teste. Responda sempre em uma frase curta e educada.';
let env: TestRuntime;
let numbers = 0;

beforeAll(async () => {
  openai.acceptedKey = apiKey;
  process.env.OPENAI_BASE_URL = await openai.start();
  await receiver.start();
  process.env.BOT_TURN_TIMEOUT_MS = '1500';
  process.env.BOT_TURN_BACKOFF_MS = '50';
  process.env.BOT_TURN_RETRIES = '2';
  env = await startTestRuntime();
});
afterAll(async () => {
  await env?.stop();
  await openai.stop();
  await receiver.stop();
  for (const name of ['OPENAI_BASE_URL', 'BOT_TURN_TIMEOUT_MS', 'BOT_TURN_BACKOFF_MS', 'BOT_TURN_RETRIES'])
    delete process.env[name];
});

type Ticket = {
  id: number;
  contactId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
};

class Customer {
  readonly number = `55119811${String((numbers += 1)).padStart(5, '0')}`;
  constructor(
    private readonly admin: ApiClient,
    private readonly wid: number,
  ) {}

  say(id: string, body: string) {
    return customerWrites(this.admin, this.wid, { from: this.number, name: 'Cliente', body, id });
  }

  async outbox(): Promise<string[]> {
    return (await outboxOf(this.admin, this.wid, this.number)).map((m) => m.body);
  }

  heard(count: number): Promise<string[]> {
    return until(async () => {
      const box = await this.outbox();
      return box.length >= count ? box : undefined;
    }, `${count} replies to ${this.number}`);
  }

  ticket(): Promise<Ticket> {
    return until(async () => {
      const list = await this.admin.get<{ tickets: (Ticket & { contact: { number: string } | null })[] }>(
        '/tickets?status=pending&showAll=true',
      );
      return list.body.tickets.find((t) => t.contact?.number === this.number);
    }, `ticket of ${this.number}`);
  }

  notes(ticket: Ticket) {
    return this.admin.get<{ note: string; author?: string; userId?: number | null; user?: { name: string } | null }[]>(
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
    );
  }
}

/** The timeline entries of a ticket (read-only look at the table). */
async function timelineOf(companyId: number, ticketId: number): Promise<Record<string, unknown>[]> {
  const clients = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
  try {
    const answer = await clients.documents.send(
      new QueryCommand({
        TableName: env.runtime.env.TABLE_NAME!,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ev)',
        ExpressionAttributeValues: { ':pk': `C#${companyId}#T#${ticketId}`, ':ev': 'EV#' },
      }),
    );
    return answer.Items ?? [];
  } finally {
    clients.destroy();
  }
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 2_000));

async function oneQueueCompany(label: string, queue: Record<string, unknown>) {
  const admin = env.client();
  const { companyId } = await signUpCompany(admin, label);
  const created = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#0a7cff', ...queue });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { admin, queueId: created.body.id, companyId };
}

describe('the first message on a connection with one queue', () => {
  it("goes to the queue's webhook integration, once under redelivery", async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Primer mensaje webhook');
    const integration = await admin.post<{ id: number; webhookSecret: string }>('/queueIntegration', {
      type: 'webhook',
      name: 'Flujo propio',
      urlN8N: receiver.url,
    });
    expect(integration.status, JSON.stringify(integration.body)).toBe(201);
    receiver.secret = integration.body.webhookSecret;
    const queue = await admin.post<{ id: number }>('/queue', {
      name: 'Automático',
      color: '#2196f3',
      greetingMessage: 'Bienvenido a Automático',
      integrationId: integration.body.id,
    });
    const wid = await connectSandbox(admin, { queueIds: [queue.body.id] });
    const customer = new Customer(admin, wid);

    await customer.say('fm-1', 'buenas');
    // The queue's greeting (the chatbot's step), then the integration's answer to that message.
    expect(await customer.heard(2)).toEqual(['Bienvenido a Automático', 'Recibido: buenas']);
    const delivered = receiver.deliveries.filter(
      (d) => (d.body.contact as { number?: string }).number === customer.number,
    );
    expect(delivered.map((d) => (d.body.message as { body: string }).body)).toEqual(['buenas']);
    expect(await customer.ticket()).toMatchObject({
      status: 'pending',
      queueId: queue.body.id,
      userId: null,
    });

    await customer.say('fm-1', 'buenas');
    await customer.say('fm-2', 'precio');
    expect(await customer.heard(3)).toEqual([
      'Bienvenido a Automático',
      'Recibido: buenas',
      'Recibido: precio',
    ]);
    await quiet();
    expect(await customer.outbox()).toHaveLength(3);
    expect(
      receiver.deliveries.filter((d) => (d.body.contact as { number?: string }).number === customer.number),
    ).toHaveLength(2);
  }, 120_000);

  it("goes to the queue's AI prompt", async () => {
    const { admin, queueId } = await oneQueueCompany('Primer mensaje IA', {});
    const prompt = await admin.post('/prompt', { name: 'Asistente', prompt: promptText, apiKey, queueId });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
    const wid = await connectSandbox(admin, { queueIds: [queueId] });
    const customer = new Customer(admin, wid);
    const calls = openai.chatCalls.length;

    await customer.say('fa-1', 'hola, ¿tienen envío?');
    expect(await customer.heard(1)).toEqual([
      expect.stringMatching(/^Respuesta \d+: hola, ¿tienen envío\?$/),
    ]);
    await customer.say('fa-1', 'hola, ¿tienen envío?');
    await quiet();
    expect(await customer.outbox()).toHaveLength(1);
    expect(openai.chatCalls.length - calls).toBe(1);
  });

  it('of a queue with options is the chatbot’s: the options answer it, not the bot', async () => {
    const { admin, queueId } = await oneQueueCompany('Primer mensaje opciones', {
      greetingMessage: 'Elija una opción',
    });
    for (const [option, title] of [
      ['1', 'Horarios'],
      ['2', 'Precios'],
    ]) {
      const created = await admin.post('/queue-options', { queueId, title, message: title, option });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    }
    const prompt = await admin.post('/prompt', { name: 'Asistente', prompt: promptText, apiKey, queueId });
    expect(prompt.status).toBe(200);
    const wid = await connectSandbox(admin, { queueIds: [queueId] });
    const customer = new Customer(admin, wid);
    const calls = openai.chatCalls.length;
    await customer.say('fo-1', 'hola');
    const first = await customer.heard(1);
    expect(first[0]).toContain('Elija una opción');
    expect(first[0]).toContain('*2* - Precios');
    await quiet();
    expect(await customer.outbox()).toHaveLength(1);
    expect(openai.chatCalls.length).toBe(calls);
  });
});

describe('an AI prompt that cannot reach its provider', () => {
  it("after the retries sends the queue's hand-off text and leaves a note for the agents, once", async () => {
    const { admin, queueId, companyId } = await oneQueueCompany('IA caída', {});
    expect(
      (await admin.post('/prompt', { name: 'Asistente', prompt: promptText, apiKey, queueId })).status,
    ).toBe(200);
    const wid = await connectSandbox(admin, { queueIds: [queueId] });
    const customer = new Customer(admin, wid);
    await customer.say('fx-0', 'hola');
    await customer.heard(1);
    const calls = openai.chatCalls.length;

    // Every try fails (the first call and BOT_TURN_RETRIES=2 more); a fourth would answer.
    openai.failNext(503, 3);
    await customer.say('fx-1', '¿y el cambio?');
    const box = await customer.heard(2);
    expect(box[1]).toBe('Su conversación fue transferida al sector *Ventas*. En breve le atenderemos.');
    const ticket = await customer.ticket();
    const notes = await until(async () => {
      const answer = await customer.notes(ticket);
      return Array.isArray(answer.body) && answer.body.length > 0 ? answer.body : undefined;
    }, 'the failure note');
    expect(notes.map((n) => n.note)).toEqual([
      'El asistente automático no pudo responder; un agente continuará la atención.',
    ]);
    // The bot wrote it (no user) and the hand-off is on the ticket's timeline.
    expect(notes[0]).toMatchObject({ author: 'bot', userId: null, user: { name: 'Bot' } });
    const handOffs = () => timelineOf(companyId, ticket.id).then((entries) => entries.filter((e) => e.action === 'bot-handoff'));
    expect(await handOffs()).toEqual([expect.objectContaining({ action: 'bot-handoff', toStatus: 'pending' })]);
    expect(openai.chatCalls.length - calls).toBe(0);
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId });

    // Delivered again, and a later message: no second text, no second note, no model call.
    await customer.say('fx-1', '¿y el cambio?');
    await customer.say('fx-2', '¿hay alguien?');
    await quiet();
    expect(await customer.outbox()).toHaveLength(2);
    expect((await customer.notes(ticket)).body).toHaveLength(1);
    expect(await handOffs()).toHaveLength(1);
    expect(openai.chatCalls.length - calls).toBe(0);
  });
});
