import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DialogflowFake, type FakeServiceAccount } from '../fakes/dialogflow-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * A dialogflow queue integration answering sandbox customers (docs/decisions.md, "Dialogflow
 * integrations"), against the local Dialogflow ES fake: answers in order, one answer per customer
 * message however often it is delivered, the hand-off intent gives the ticket to a person, and a
 * failing agent ends with a person too.
 */

type Ticket = {
  id: number;
  contactId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
};

const project = 'atende-conversation';
let env: TestRuntime;
let fake: DialogflowFake;
let account: FakeServiceAccount;
let admin: ApiClient;
let whatsappId: number;
let integrationId: number;
let queueId: number;

/** Everything the runtime's functions print: this process's streams and the runtime's output. */
const printed: string[] = [];
let stopListening: (() => void) | undefined;
const writers = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};

beforeAll(async () => {
  process.stdout.write = ((chunk: unknown, ...rest: never[]) => {
    printed.push(String(chunk));
    return writers.out(chunk as string, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: never[]) => {
    printed.push(String(chunk));
    return writers.err(chunk as string, ...rest);
  }) as typeof process.stderr.write;
  fake = await new DialogflowFake().start();
  fake.setIntents([
    { displayName: 'Saludo', phrases: ['hola'], messages: ['¡Hola! Soy el asistente.', '¿Qué necesita?'] },
    { displayName: 'Precio', phrases: ['precio'], messages: ['El plan cuesta 10 €.'] },
    {
      displayName: 'Humano',
      phrases: ['persona'],
      messages: ['Le paso con un agente.'],
      endConversation: true,
    },
  ]);
  account = fake.serviceAccount(project);
  process.env.DIALOGFLOW_API_ENDPOINT = fake.url;
  process.env.BOT_TURN_RETRIES = '1';
  process.env.BOT_TURN_BACKOFF_MS = '50';
  env = await startTestRuntime();
  // Every line the functions print, also those a quiet runtime does not show (function-output.ts).
  stopListening = env.runtime.output.onLine((line) => void printed.push(`${line.text}\n`));
  admin = env.client();
  await signUpCompany(admin, 'Dialogflow bot');
  const integration = await admin.post<{ id: number }>('/queueIntegration', {
    type: 'dialogflow',
    name: 'Asistente Dialogflow',
    projectName: project,
    jsonContent: account.json,
    language: 'es',
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  integrationId = integration.body.id;
  const queue = await admin.post<{ id: number }>('/queue', {
    name: 'Atención',
    color: '#4caf50',
    integrationId,
  });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  queueId = queue.body.id;
  whatsappId = await connectSandbox(admin, { queueIds: [queueId] });
});

afterAll(async () => {
  stopListening?.();
  process.stdout.write = writers.out;
  process.stderr.write = writers.err;
  await env?.stop();
  for (const name of ['DIALOGFLOW_API_ENDPOINT', 'BOT_TURN_RETRIES', 'BOT_TURN_BACKOFF_MS'])
    delete process.env[name];
  await fake?.stop();
});

async function ticketOf(number: string): Promise<Ticket | undefined> {
  const list = await admin.get<{ tickets: (Ticket & { contact?: { number?: string } | null })[] }>(
    '/tickets?status=pending&showAll=true',
  );
  return list.body.tickets.find((ticket) => ticket.contact?.number === number);
}

const notesOf = (ticket: Ticket, what: string) =>
  until(async () => {
    const list = await admin.get<{ note: string }[]>(
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
    );
    return list.status === 200 && list.body.length > 0 ? list.body : undefined;
  }, what);

const bodiesTo = async (number: string) =>
  (await outboxOf(admin, whatsappId, number)).map((item) => item.body);

/** Waits until the customer has been sent exactly `count` messages; answers their texts. */
const sentTo = (number: string, count: number) =>
  until(async () => {
    const bodies = await bodiesTo(number);
    return bodies.length >= count ? bodies : undefined;
  }, `${count} messages to ${number}`);

/**
 * The customer's first message opens a ticket that the connection's one queue takes. Whether the
 * bot answers that very message is the bot-turn hook's rule, not the provider's: this answers
 * what was sent for it (nothing, or the agent's fallback) once the ticket is in the queue and a
 * second of quiet has passed, so the later steps count from there.
 */
async function opens(number: string, firstMessage: () => Promise<void>): Promise<string[]> {
  await firstMessage();
  // The first message goes to the queue's bot (issue #25): the agent's fallback answers "buenas".
  const bodies = await sentTo(number, 1);
  expect(bodies).toEqual(['No entendí, ¿puede repetirlo?']);
  expect((await ticketOf(number))?.queueId).toBe(queueId);
  return bodies;
}

describe('dialogflow integration in a conversation', () => {
  it('answers each message once and in order, even when a message is delivered again, and hands over on the transfer intent', async () => {
    const customer = '5511970011001';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente DF', id, body });

    // The first message opens the ticket and puts it in the integration's queue.
    const opening = await opens(customer, () => say('df-0', 'buenas'));
    await say('df-1', 'Hola, buenas tardes');
    const greeted = await sentTo(customer, opening.length + 2);
    expect(greeted).toEqual([...opening, '¡Hola! Soy el asistente.', '¿Qué necesita?']);

    // The same message delivered again, then the next one: the turns of a ticket run in order, so
    // once the second answer is out the redelivery has had its turn, and it answered nothing.
    await say('df-1', 'Hola, buenas tardes');
    await say('df-2', '¿Cuál es el precio?');
    expect(await sentTo(customer, opening.length + 3)).toEqual([...greeted, 'El plan cuesta 10 €.']);
    const asked = fake.calls.filter((call) => call.session.startsWith('c') && call.text !== 'buenas');
    expect(asked.map((call) => call.text)).toEqual(['Hola, buenas tardes', '¿Cuál es el precio?']);
    expect(
      new Set(
        fake.calls
          .filter((call) => call.session.startsWith('c'))
          .map((call) => `${call.session}|${call.languageCode}`),
      ),
    ).toEqual(new Set([`${asked[0]!.session}|es`]));

    await say('df-3', 'Quiero hablar con una persona');
    expect(await sentTo(customer, opening.length + 4)).toEqual([
      ...greeted,
      'El plan cuesta 10 €.',
      'Le paso con un agente.',
    ]);
    // The hand-off's note is written once the ticket is back with the queue's people.
    const handedOver = (await ticketOf(customer))!;
    const notes = await notesOf(handedOver, 'the hand-off note');
    expect(await ticketOf(customer)).toMatchObject({ status: 'pending', userId: null, queueId });
    expect(notes.map((note) => note.note).join(' ')).toContain('Humano');

    // After the hand-off the bot is out: a new message waits for a person, Dialogflow is not asked.
    const callsBefore = fake.calls.length;
    await say('df-4', 'hola otra vez');
    await until(async () => {
      const ticket = await ticketOf(customer);
      const page = ticket
        ? await admin.get<{ messages: { id: string }[] }>(`/messages/${ticket.id}`)
        : undefined;
      return page?.body.messages.some((message) => message.id === 'df-4') ? true : undefined;
    }, 'df-4 stored');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.calls.length).toBe(callsBefore);
    expect(await bodiesTo(customer)).toHaveLength(opening.length + 4);
  });

  it('gives the ticket to a person with a note when Dialogflow keeps failing', async () => {
    const customer = '5511970011002';
    const opening = await opens(customer, () =>
      customerWrites(admin, whatsappId, {
        from: customer,
        name: 'Cliente DF 2',
        id: 'df-fail-0',
        body: 'buenas',
      }),
    );
    fake.failNext(503, 2);
    await customerWrites(admin, whatsappId, {
      from: customer,
      name: 'Cliente DF 2',
      id: 'df-fail-1',
      body: 'hola',
    });
    const ticket = (await ticketOf(customer))!;
    const notes = await notesOf(ticket, 'the failure note');
    expect(await ticketOf(customer)).toMatchObject({ status: 'pending', userId: null, queueId });
    expect(notes[0]?.note).toMatch(/agente/);
    // The customer is told a person follows (the queue's hand-off text).
    expect(await sentTo(customer, opening.length + 1)).toEqual([
      ...opening,
      'Su conversación fue transferida al sector *Atención*. En breve le atenderemos.',
    ]);
  });

  it('never prints the service account private key', () => {
    // The capture works: the failing turns above were logged.
    expect(printed.join('')).toContain('Dialogflow answered 503');
    const keyLines = (JSON.parse(account.json) as { private_key: string }).private_key
      .split('\n')
      .filter((line) => line.length > 40);
    for (const line of keyLines) expect(printed.join('')).not.toContain(line);
  });
});
