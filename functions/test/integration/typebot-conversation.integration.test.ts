import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypebotFake, typebotLogoPng } from '../fakes/typebot-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * A typebot queue integration answering sandbox customers (docs/decisions.md, "Queue
 * integrations"), against the local Typebot fake: the flow's bubbles in order with its buttons
 * numbered and its image bubble sent as an image message (the file fetched from the fake), one answer per customer message however often it is delivered, the finish and restart
 * keywords, the flow's hand-off landing the ticket in the pending list, and a failing Typebot
 * ending with a person.
 */

type Ticket = {
  id: number;
  contactId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  useIntegration?: boolean;
};

// The image bubble is sent as a real image (no text): its outbox entry's body is empty.
const greeting = [
  '¡Hola Cliente TB! Bienvenido a *Ventas*',
  '',
  '¿Qué necesita?',
  '1 - Precios\n2 - Hablar con una persona',
];

let env: TestRuntime;
let fake: TypebotFake;
let admin: ApiClient;
let whatsappId: number;
let queueId: number;

beforeAll(async () => {
  fake = new TypebotFake();
  await fake.start();
  process.env.BOT_TURN_RETRIES = '1';
  process.env.BOT_TURN_BACKOFF_MS = '50';
  env = await startTestRuntime();
  admin = env.client();
  await signUpCompany(admin, 'Typebot bot');
  const integration = await admin.post<{ id: number }>('/queueIntegration', {
    type: 'typebot',
    name: 'Flujo de ventas',
    urlN8N: fake.url,
    typebotSlug: 'ventas',
    typebotDelayMessage: 0,
    typebotExpires: 10,
    typebotKeywordFinish: 'salir',
    typebotKeywordRestart: 'reiniciar',
    typebotRestartMessage: 'Empezamos de nuevo',
    typebotUnknownMessage: 'No entendí, elija una opción',
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  const queue = await admin.post<{ id: number }>('/queue', {
    name: 'Ventas',
    color: '#4caf50',
    integrationId: integration.body.id,
  });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  queueId = queue.body.id;
  whatsappId = await connectSandbox(admin, { queueIds: [queueId] });
});

afterAll(async () => {
  await env?.stop();
  for (const name of ['BOT_TURN_RETRIES', 'BOT_TURN_BACKOFF_MS']) delete process.env[name];
  await fake?.stop();
});

async function ticketOf(number: string, status = 'pending'): Promise<Ticket | undefined> {
  const list = await admin.get<{ tickets: (Ticket & { contact?: { number?: string } | null })[] }>(
    `/tickets?status=${status}&showAll=true`,
  );
  return list.body.tickets.find((ticket) => ticket.contact?.number === number);
}

const bodiesTo = async (number: string) =>
  (await outboxOf(admin, whatsappId, number)).map((item) => item.body);

/** Waits until the customer has been sent at least `count` messages; answers their texts. */
const sentTo = (number: string, count: number) =>
  until(async () => {
    const bodies = await bodiesTo(number);
    return bodies.length >= count ? bodies : undefined;
  }, `${count} messages to ${number}`);

/**
 * The customer's first message opens a ticket in the queue and starts the flow (issue #25: on a
 * connection with one queue the first message goes to the queue's bot). Answers what was sent.
 */
async function startsFlow(
  number: string,
  say: (id: string, body: string) => Promise<unknown>,
  prefix: string,
): Promise<string[]> {
  await say(`${prefix}-0`, 'buenas');
  const all = await sentTo(number, greeting.length);
  expect(all.slice(0, greeting.length)).toEqual(greeting);
  expect((await ticketOf(number))?.queueId).toBe(queueId);
  const image = (await outboxOf<{ body: string; mediaType: string | null }>(admin, whatsappId, number))[1];
  expect(image).toMatchObject({ body: '', mediaType: 'image' });
  return all;
}

describe('typebot integration in a conversation', () => {
  it('walks the flow in order, once per message under redelivery, to a hand-off in the pending list', async () => {
    const customer = '5511970022001';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente TB', id, body });
    const sent = await startsFlow(customer, say, 'tb');

    // The image is stored on the ticket as the bot's image message, with the fake's file.
    const ticketId = (await ticketOf(customer))!.id;
    const messages = (
      await admin.get<{
        messages: {
          fromMe: boolean;
          mediaType: string | null;
          mimetype: string | null;
          mediaName: string | null;
          mediaUrl: string | null;
        }[];
      }>(`/messages/${ticketId}`)
    ).body.messages;
    const image = messages.find((message) => message.fromMe && message.mediaType === 'image');
    expect(image, JSON.stringify(messages)).toMatchObject({ mimetype: 'image/png', mediaName: 'logo.png' });
    const file = await fetch(image!.mediaUrl!);
    expect(Buffer.from(await file.arrayBuffer()).equals(typebotLogoPng)).toBe(true);

    // An answer the buttons cannot take: the unknown message and the options again, no Typebot call.
    await say('tb-1', 'quiero pizza');
    const unknown = await sentTo(customer, sent.length + 2);
    expect(unknown.slice(sent.length)).toEqual([
      'No entendí, elija una opción',
      '1 - Precios\n2 - Hablar con una persona',
    ]);

    // The number picks the button; the same message delivered again answers nothing more.
    await say('tb-2', '1');
    await say('tb-2', '1');
    await say('tb-3', 'nada más, gracias');
    const done = await sentTo(customer, unknown.length + 3);
    expect(done.slice(unknown.length)).toEqual([
      'Plan básico: R$ 49',
      'Plan completo: R$ 99',
      'Gracias, anotamos: nada más, gracias',
    ]);
    const continued = fake.calls
      .filter((call) => call.path.includes('/continueChat'))
      .map((call) => (call.body.message as { text: string }).text);
    expect(continued.filter((text) => text === 'Precios')).toHaveLength(1);

    // The flow's end hands the ticket to the queue's people: pending, no agent, bot stopped.
    const handedOver = await until(async () => {
      const ticket = await ticketOf(customer);
      return ticket && ticket.useIntegration === false ? ticket : undefined;
    }, 'the hand-off');
    expect(handedOver).toMatchObject({ status: 'pending', userId: null, queueId });
    const notes = await until(async () => {
      const list = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${handedOver.id}&contactId=${handedOver.contactId}`,
      );
      return list.status === 200 && list.body.length > 0 ? list.body : undefined;
    }, 'the hand-off note');
    expect(notes.map((note) => note.note).join(' ')).toContain('Typebot');

    // After the hand-off Typebot is not asked again.
    const calls = fake.calls.length;
    await say('tb-4', 'hola otra vez');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.calls.length).toBe(calls);
    expect(await bodiesTo(customer)).toHaveLength(done.length);
  });

  it('restarts on the restart keyword and closes the ticket on the finish keyword', async () => {
    const customer = '5511970022002';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente TB', id, body });
    const sent = await startsFlow(customer, say, 'tr');

    await say('tr-1', 'REINICIAR');
    const restarted = await sentTo(customer, sent.length + 1 + greeting.length);
    expect(restarted.slice(sent.length)).toEqual(['Empezamos de nuevo', ...greeting]);

    await say('tr-2', 'salir');
    const closed = await until(async () => ticketOf(customer, 'closed'), 'the closed ticket');
    expect(closed).toMatchObject({ status: 'closed' });
  });

  it('gives the ticket to a person with a note when Typebot keeps failing', async () => {
    const customer = '5511970022003';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente TB', id, body });
    const sent = await startsFlow(customer, say, 'tf');
    fake.failNext(503, 2);
    await say('tf-1', '1');
    const ticket = await until(async () => {
      const found = await ticketOf(customer);
      return found && found.useIntegration === false ? found : undefined;
    }, 'the hand-off after failures');
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId });
    const notes = await until(async () => {
      const list = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return list.status === 200 && list.body.length > 0 ? list.body : undefined;
    }, 'the failure note');
    expect(notes[0]?.note).toMatch(/agente/);
    // The customer is told a person follows (the queue's hand-off text).
    expect(await sentTo(customer, sent.length + 1)).toEqual([
      ...sent,
      'Su conversación fue transferida al sector *Ventas*. En breve le atenderemos.',
    ]);
  });
});
