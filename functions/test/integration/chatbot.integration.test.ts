import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The chatbot, opening hours, timers, notices and the rating (docs/chatbot.md), played as
 * sandbox customers: each step is what the customer writes and exactly what the business
 * answers (the sandbox outbox), in order.
 */

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = { id: number; status: string; queueId: number | null; userId: number | null; chatbot: boolean; contact: { number: string } | null };
type QueueSpec = { name: string; color: string; greetingMessage?: string; outOfHoursMessage?: string; schedules?: Hours[] };
type OptionSpec = { key: string; parent?: string; title: string; message: string; option: string };
type Hours = { weekday: string; weekdayEn: string; startTime: string; endTime: string };

const weekdays = [
  ['monday', 'Segunda-feira'],
  ['tuesday', 'Terça-feira'],
  ['wednesday', 'Quarta-feira'],
  ['thursday', 'Quinta-feira'],
  ['friday', 'Sexta-feira'],
  ['saturday', 'Sábado'],
  ['sunday', 'Domingo'],
] as const;
/** Closed every day (00:00-00:00): whatever the time the tests run, it is out of hours. */
const alwaysClosed: Hours[] = weekdays.map(([weekdayEn, weekday]) => ({ weekday, weekdayEn, startTime: '00:00', endTime: '00:00' }));

const greeting = '¡Hola! Elija un sector:';
const ventas: QueueSpec = { name: 'Ventas', color: '#f44336', greetingMessage: 'Bienvenido a Ventas' };
const soporte: QueueSpec = { name: 'Soporte', color: '#2196f3', greetingMessage: 'Bienvenido a Soporte' };
const menu = `${greeting}\n\n*1* - Ventas\n*2* - Soporte`;
const nav = '\n\n*0* - Volver\n*#* - Menú principal';
const soporteRoot = `Bienvenido a Soporte\n\n*1* - Internet\n*2* - Teléfono${nav}`;
const internetLevel = `Elija su problema\n\n*1* - Lento\n*2* - Sin señal${nav}`;
const soporteTree: OptionSpec[] = [
  { key: 'internet', title: 'Internet', message: 'Elija su problema', option: '1' },
  { key: 'telefono', title: 'Teléfono', message: 'Un agente le llamará', option: '2' },
  { key: 'lento', parent: 'internet', title: 'Lento', message: 'Reinicie el router', option: '1' },
  { key: 'senal', parent: 'internet', title: 'Sin señal', message: 'Revisemos la señal', option: '2' },
  { key: 'antena', parent: 'senal', title: 'Reiniciar', message: 'Apague y encienda la antena', option: '1' },
];

interface Setup {
  queues?: QueueSpec[];
  options?: Record<string, OptionSpec[]>;
  /** The connection; `queues` names which of the queues it offers. */
  connection?: Record<string, unknown> & { queues?: string[]; transferQueue?: string };
  settings?: Record<string, string>;
  companyHours?: Hours[];
}

/** A company set up through the API, with a connected sandbox connection. */
async function companyWith(label: string, setup: Setup) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const queueIds: Record<string, number> = {};
  for (const queue of setup.queues ?? []) {
    const created = await admin.post<{ id: number }>('/queue', queue);
    if (created.status !== 201) throw new Error(`queue ${queue.name}: ${created.status} ${JSON.stringify(created.body)}`);
    queueIds[queue.name] = created.body.id;
  }
  for (const [queueName, options] of Object.entries(setup.options ?? {})) {
    const ids: Record<string, number> = {};
    for (const option of options) {
      const created = await admin.post<{ id: number }>('/queue-options', {
        queueId: queueIds[queueName],
        parentId: option.parent ? ids[option.parent] : null,
        title: option.title,
        message: option.message,
        option: option.option,
      });
      if (created.status !== 201) throw new Error(`option ${option.key}: ${created.status} ${JSON.stringify(created.body)}`);
      ids[option.key] = created.body.id;
    }
  }
  for (const [key, value] of Object.entries(setup.settings ?? {})) {
    const saved = await admin.put(`/settings/${key}`, { value });
    if (saved.status !== 200) throw new Error(`setting ${key}: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  if (setup.companyHours) {
    const saved = await admin.put(`/companies/${company.companyId}/schedules`, { schedules: setup.companyHours });
    if (saved.status !== 200) throw new Error(`hours: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const { queues = [], transferQueue, ...connection } = setup.connection ?? {};
  const wid = await connectSandbox(admin, {
    ...connection,
    queueIds: queues.map((name) => queueIds[name]),
    ...(transferQueue ? { transferQueueId: queueIds[transferQueue] } : {}),
  });
  return { admin, company, wid, queueIds };
}

let numberSequence = 0;

/** A sandbox customer: says things and checks exactly what the business answered since. */
class Customer {
  readonly number = `55119700${String((numberSequence += 1)).padStart(5, '0')}`;
  private seen = 0;
  private said = 0;

  constructor(
    private readonly admin: ApiClient,
    private readonly wid: number,
  ) {}

  outbox() {
    return outboxOf(this.admin, this.wid, this.number);
  }

  async say(body: string, id = `${this.number}-${(this.said += 1)}`): Promise<string> {
    await customerWrites(this.admin, this.wid, { from: this.number, name: 'Cliente', body, id });
    await until(async () => {
      const ticket = await this.ticket();
      if (!ticket) return undefined;
      const page = await this.admin.get<{ messages: { id: string }[] }>(`/messages/${ticket.id}`);
      return page.body.messages.some((m) => m.id === id) ? true : undefined;
    }, `message ${id} stored`);
    return id;
  }

  /** The business's next messages are exactly `expected`; none expected waits a moment for silence. */
  async hears(expected: string[]): Promise<void> {
    if (expected.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } else {
      await until(async () => ((await this.outbox()).length >= this.seen + expected.length ? true : undefined), `replies ${JSON.stringify(expected)}`);
    }
    const outbox = await this.outbox();
    expect(outbox.slice(this.seen).map((m) => m.body)).toEqual(expected);
    this.seen = outbox.length;
  }

  async ticket(): Promise<Ticket | undefined> {
    for (const status of ['pending', 'open', 'closed']) {
      const list = await this.admin.get<{ tickets: Ticket[] }>(`/tickets?status=${status}&showAll=true`);
      const found = list.body.tickets.find((t) => t.contact?.number === this.number);
      if (found) return found;
    }
    return undefined;
  }
}

/** Steps of a conversation: what the customer says, what the business answers. */
async function converse(customer: Customer, steps: [string, string[]][]): Promise<void> {
  for (const [say, replies] of steps) {
    await customer.say(say);
    await customer.hears(replies);
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

const twoQueues = (extra: Record<string, unknown> = {}) => ({ greetingMessage: greeting, queues: ['Ventas', 'Soporte'], maxUseBotQueues: 10, ...extra });

describe('the chatbot menu', () => {
  type Final = { chatbot: boolean; queue: string | null };
  it.each<[string, Setup, [string, string[]][], Final]>([
    [
      'one queue: assigned at once with its greeting',
      { queues: [ventas], connection: { queues: ['Ventas'] } },
      [['hola', ['Bienvenido a Ventas']], ['gracias', []]],
      { chatbot: false, queue: 'Ventas' },
    ],
    [
      'one queue with sendGreetingMessageOneQueues: the connection greeting first',
      { queues: [ventas], connection: { greetingMessage: greeting, queues: ['Ventas'] }, settings: { sendGreetingMessageOneQueues: 'enabled' } },
      [['hola', [greeting, 'Bienvenido a Ventas']]],
      { chatbot: false, queue: 'Ventas' },
    ],
    [
      'several queues: greeting and menu, a valid answer assigns the queue',
      { queues: [ventas, soporte], connection: twoQueues() },
      [['hola', [menu]], ['1', ['Bienvenido a Ventas']], ['ok', []]],
      { chatbot: false, queue: 'Ventas' },
    ],
    [
      'invalid answers: the menu once more, then silence until a valid answer',
      { queues: [ventas, soporte], connection: twoQueues() },
      [['hola', [menu]], ['no entiendo', [menu]], ['¿hola?', []], ['por favor', []], ['1', ['Bienvenido a Ventas']]],
      { chatbot: false, queue: 'Ventas' },
    ],
    [
      'nested options with # and 0',
      { queues: [ventas, soporte], options: { Soporte: soporteTree }, connection: twoQueues() },
      [
        ['hola', [menu]],
        ['2', [soporteRoot]],
        ['1', [internetLevel]],
        ['0', [soporteRoot]],
        ['#', [menu]],
        ['2', [soporteRoot]],
        ['7', [soporteRoot]],
        ['1', [internetLevel]],
        ['2', ['Revisemos la señal', 'Apague y encienda la antena']],
        ['gracias', []],
      ],
      { chatbot: false, queue: 'Soporte' },
    ],
    [
      'maxUseBotQueues: after that many menus the bot stops and leaves the ticket to humans',
      { queues: [ventas, soporte], connection: twoQueues({ maxUseBotQueues: 2 }) },
      [['hola', [menu]], ['#', [menu]], ['#', []], ['1', []]],
      { chatbot: false, queue: null },
    ],
  ])('%s', async (label, setup, steps, final) => {
    const { admin, wid, queueIds } = await companyWith(label.split(':')[0]!.slice(0, 20), setup);
    const customer = new Customer(admin, wid);
    await converse(customer, steps);
    expect(await customer.ticket()).toMatchObject({ status: 'pending', chatbot: final.chatbot, queueId: final.queue ? queueIds[final.queue] : null });
  });

  it('shows the chatbot flag while it waits for an answer', async () => {
    const { admin, wid } = await companyWith('Bandera', { queues: [ventas, soporte], options: { Soporte: soporteTree }, connection: twoQueues() });
    const customer = new Customer(admin, wid);
    await converse(customer, [['hola', [menu]]]);
    expect(await customer.ticket()).toMatchObject({ chatbot: true, queueId: null });
    await converse(customer, [['2', [soporteRoot]]]);
    expect(await customer.ticket()).toMatchObject({ chatbot: true });
    const ticket = (await customer.ticket())!;
    // An agent taking the ticket ends the walk.
    const accepted = await admin.put<Ticket>(`/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.body).toMatchObject({ status: 'open', chatbot: false });
    await converse(customer, [['1', []]]);
  });

  it('never answers one inbound message twice, even redelivered after the queue forgot it', async () => {
    const { admin, wid, company } = await companyWith('Reentrega', { queues: [ventas, soporte], connection: twoQueues() });
    const customer = new Customer(admin, wid);
    const id = await customer.say('hola');
    await customer.hears([menu]);
    // The same id again through the sandbox (deduplicated on the way) …
    await admin.post(`/sandbox/${wid}/inbound`, { from: customer.number, name: 'Cliente', body: 'hola', id });
    // … and straight into the inbound queue under a new deduplication id, as after SQS's window.
    const chatJid = `${customer.number}@s.whatsapp.net`;
    await env.runtime.queue.send('inbound', {
      body: JSON.stringify({
        kind: 'message',
        companyId: company.companyId,
        whatsappId: wid,
        chatJid,
        isGroup: false,
        timestamp: new Date().toISOString(),
        messageId: id,
        fromMe: false,
        type: 'text',
        body: 'hola',
        media: null,
        quotedMessageId: null,
        participant: null,
        pushName: 'Cliente',
      }),
      groupId: `${company.companyId}:${wid}:${chatJid}`,
      deduplicationId: `${company.companyId}:${wid}:${id}:late-redelivery`,
    });
    // The chat's messages are handled in order: the answer to "1" comes after both redeliveries.
    await converse(customer, [['1', ['Bienvenido a Ventas']]]);
    expect((await customer.outbox()).map((m) => m.body)).toEqual([menu, 'Bienvenido a Ventas']);
  });
});

describe('opening hours', () => {
  it('scheduleType company: the connection out-of-hours message once, no menu', async () => {
    const { admin, wid } = await companyWith('Horario empresa', {
      queues: [ventas, soporte],
      connection: twoQueues({ outOfHoursMessage: 'Estamos fuera de horario' }),
      settings: { scheduleType: 'company', timezone: 'America/Bogota' },
      companyHours: alwaysClosed,
    });
    const customer = new Customer(admin, wid);
    await converse(customer, [
      ['hola', ['Estamos fuera de horario']],
      ['¿hay alguien?', []],
      ['1', []],
    ]);
    expect(await customer.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: false });
  });

  it('scheduleType queue: the queue out-of-hours message when the customer reaches it, once', async () => {
    const { admin, wid, queueIds } = await companyWith('Horario sector', {
      queues: [ventas, { ...soporte, outOfHoursMessage: 'Soporte atiende en horario comercial', schedules: alwaysClosed }],
      options: { Soporte: soporteTree },
      connection: twoQueues({ outOfHoursMessage: 'no se usa con horarios por sector' }),
      settings: { scheduleType: 'queue' },
    });
    const customer = new Customer(admin, wid);
    await converse(customer, [
      ['hola', [menu]],
      ['2', ['Soporte atiende en horario comercial']],
      ['¿hola?', []],
    ]);
    expect(await customer.ticket()).toMatchObject({ status: 'pending', queueId: queueIds.Soporte, chatbot: false });
  });
});

describe('timers', () => {
  it('moves a pending ticket without queue to transferQueueId after timeToTransfer, reset by activity', async () => {
    const { admin, wid, queueIds, company } = await companyWith('Transferencia', {
      queues: [ventas, soporte],
      connection: { timeToTransfer: 2, transferQueue: 'Soporte' },
      settings: { sendMsgTransfTicket: 'enabled' },
    });
    const customer = new Customer(admin, wid);
    await converse(customer, [['hola', []]]);
    const ticket = (await customer.ticket())!;
    const [first] = await env.timers(`-t${ticket.id}-transfer`);
    expect(first!.atMs).toBeGreaterThan(Date.now() + 60_000);
    await converse(customer, [['¿alguien?', []]]);
    const [second] = await env.timers(`-t${ticket.id}-transfer`);
    expect(second!.atMs).toBeGreaterThan(first!.atMs);

    expect(await env.fireTimersNow(`-t${ticket.id}-transfer`)).toHaveLength(1);
    await until(async () => ((await customer.ticket())?.queueId === queueIds.Soporte ? true : undefined), 'the auto-transfer');
    await customer.hears(['Su conversación fue transferida al sector *Soporte*. En breve le atenderemos.']);
    const entries = await timelineOf(company.companyId, ticket.id);
    expect(entries.find((e) => e.action === 'auto-transfer')).toMatchObject({ fromStatus: 'pending', toStatus: 'pending', toQueueId: queueIds.Soporte });
    expect(entries.find((e) => e.action === 'auto-transfer')!.actorId).toBeUndefined();

    // An agent's transfer tells the customer too; the timer is gone.
    await admin.put(`/tickets/${ticket.id}`, { queueId: queueIds.Ventas });
    await customer.hears(['Su conversación fue transferida al sector *Ventas*. En breve le atenderemos.']);
    expect(await env.timers(`-t${ticket.id}-transfer`)).toEqual([]);
  });

  it('closes an open ticket after expiresTicket minutes without a customer message', async () => {
    const { admin, wid, company } = await companyWith('Inactividad', {
      connection: { expiresTicket: 5, expiresInactiveMessage: 'Cerramos la conversación por inactividad' },
    });
    const customer = new Customer(admin, wid);
    await converse(customer, [['hola', []]]);
    const ticket = (await customer.ticket())!;
    expect(await env.timers(`-t${ticket.id}-expire`)).toEqual([]);
    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    const [armed] = await env.timers(`-t${ticket.id}-expire`);
    expect(armed!.atMs).toBeGreaterThan(Date.now() + 4 * 60_000);
    await converse(customer, [['sigo aquí', []]]);
    const [moved] = await env.timers(`-t${ticket.id}-expire`);
    expect(moved!.atMs).toBeGreaterThan(armed!.atMs);

    await env.fireTimersNow(`-t${ticket.id}-expire`);
    await until(async () => ((await customer.ticket())?.status === 'closed' ? true : undefined), 'the inactivity close');
    await customer.hears(['Cerramos la conversación por inactividad']);
    const entries = await timelineOf(company.companyId, ticket.id);
    expect(entries.find((e) => e.action === 'expire')).toMatchObject({ fromStatus: 'open', toStatus: 'closed', fromUserId: company.user.id });
  });

  it('closes an accepted ticket when the customer never writes again', async () => {
    const { admin, wid } = await companyWith('Silencio', {
      connection: { expiresTicket: 5, expiresInactiveMessage: 'Cerramos por falta de respuesta' },
    });
    const customer = new Customer(admin, wid);
    await converse(customer, [['hola', []]]);
    const ticket = (await customer.ticket())!;
    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    // The deadline the accept scheduled is the one the ticket holds, so its timer acts.
    expect(await env.timers(`-t${ticket.id}-expire`)).toHaveLength(1);
    await env.fireTimersNow(`-t${ticket.id}-expire`);
    await until(async () => ((await customer.ticket())?.status === 'closed' ? true : undefined), 'the inactivity close after accept');
    await customer.hears(['Cerramos por falta de respuesta']);
  });
});

describe('acceptance greeting and rating', () => {
  const ratingQuestion = '¿Cómo fue la atención?\n\n*1* - Insatisfecho\n*2* - Satisfecho\n*3* - Muy satisfecho';
  const setup: Setup = {
    connection: { complationMessage: 'Gracias por contactarnos', ratingMessage: '¿Cómo fue la atención?' },
    settings: { userRating: 'enabled', sendGreetingAccepted: 'enabled' },
  };

  async function resolvedConversation(label: string) {
    const { admin, wid, company } = await companyWith(label, setup);
    const customer = new Customer(admin, wid);
    await converse(customer, [['hola', []]]);
    const ticket = (await customer.ticket())!;
    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    await customer.hears([`¡Hola Cliente! Soy *${String(company.user.name)}* y desde ahora me encargo de su atención.`]);
    const resolved = await admin.put<Ticket>(`/tickets/${ticket.id}`, { status: 'closed' });
    expect(resolved.body.status).toBe('closed');
    await customer.hears([ratingQuestion]);
    return { admin, customer, company, ticket };
  }

  it('stores a valid answer against the agent, after asking once more on anything else', async () => {
    const { customer, company, ticket } = await resolvedConversation('Calificacion');
    await converse(customer, [
      ['excelente', [ratingQuestion]],
      ['3', ['Gracias por contactarnos']],
    ]);
    // Still the same closed ticket: the answer did not open a new conversation.
    expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
    const ratings = (await timelineOf(company.companyId, ticket.id)).filter((e) => e.action === 'rating');
    expect(ratings).toEqual([expect.objectContaining({ rating: 3, ratedUserId: company.user.id, toStatus: 'closed' })]);
    // The next message is a new conversation.
    await converse(customer, [['hola de nuevo', []]]);
    expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'pending', userId: null });
  });

  it('stores nothing out of 1-3: two wrong answers end the wait without a rating', async () => {
    const { customer, company, ticket } = await resolvedConversation('Calificacion mala');
    await converse(customer, [
      ['5', [ratingQuestion]],
      ['2.5', ['Gracias por contactarnos']],
    ]);
    expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
    expect((await timelineOf(company.companyId, ticket.id)).filter((e) => e.action === 'rating')).toEqual([]);
  });

  it('gives up waiting when the rating timer fires', async () => {
    const { customer, company, ticket } = await resolvedConversation('Calificacion tarde');
    const [wait] = await env.timers(`-t${ticket.id}-rating`);
    expect(wait!.atMs).toBeGreaterThan(Date.now() + 25 * 60_000);
    await env.fireTimersNow(`-t${ticket.id}-rating`);
    await customer.hears(['Gracias por contactarnos']);
    // A late "2" is a new conversation, not a rating.
    await converse(customer, [['2', []]]);
    expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'pending' });
    expect((await timelineOf(company.companyId, ticket.id)).filter((e) => e.action === 'rating')).toEqual([]);
  });
});
