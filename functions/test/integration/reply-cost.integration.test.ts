import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { startRuntime, type Runtime } from '../../../infra/local/src/runtime.ts';
import { ramTempDir } from '../../../infra/local/test-support/ram-dir.ts';
import { ApiClient, clientAddressHeader } from './support/api-client.ts';
import { listen, type LiveFrame } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, superUser } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';
import { startWebhookReceiver, type ReceivedWebhook } from '../fakes/webhook-receiver.ts';

/**
 * What an agent's reply (POST /messages/{ticketId}) costs in DynamoDB table calls, everything it
 * sets off included: the request, the connector's send and mark-sent, and the stream consumers
 * (live fan-out, dashboard aggregator, webhook events) for both writes (docs/performance.md,
 * "Agent reply"). Counted in every thread of a runtime of its own
 * (infra/local/test-support/table-call-counter.mjs), apart from the local SQS and Scheduler
 * stand-ins, stream reads, the connector's lease renewals and the sandbox's outbox, which are not
 * table calls in AWS. Each reply is counted alone (the next one waits until everything is quiet),
 * the dearest case: nothing shared with a neighbour in a stream batch.
 *
 * Measured 8.0 a reply (11.8 before the consumers kept what changes rarely): the ticket with the
 * agent, the contact and the message transaction (3); the connector's already-sent check and its
 * mark (2); the fan-out's directory version and contact (1) and the company's sockets when its
 * kept list is older than 2 s (0-2); the aggregator's one read (1); the webhooks when the kept
 * list is older than 10 s (about 0.2). The budget leaves room for the kept lists running out
 * between slow replies on a loaded machine, and none for a read on every batch again.
 */
const tableCallBudget = 10;
const replies = 5;

type Counter = {
  collectTableCalls: (waitMs?: number) => Promise<{ counts: Record<string, number>; recent: string[] }>;
  resetTableCalls: (waitMs?: number) => Promise<void>;
};

const dataDir = ramTempDir('reply-cost');
let runtime: Runtime;
let counter: Counter;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  const counterUrl = new URL('../../../infra/local/test-support/table-call-counter.mjs', import.meta.url)
    .href;
  process.env.ATENDE_THREAD_PRELOAD = counterUrl;
  counter = (await import(counterUrl)) as Counter;
  process.env.ADMIN_EMAIL = superUser.email;
  process.env.ADMIN_PASSWORD = superUser.password;
  process.env.CLIENT_ADDRESS_HEADER = clientAddressHeader;
  runtime = await startRuntime({ port: 0, dataDir, quiet: true });
}, 300_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  delete process.env.ATENDE_THREAD_PRELOAD;
  await runtime?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sum = (counts: Record<string, number>, prefix: string) =>
  Object.entries(counts)
    .filter(([name]) => name.startsWith(prefix))
    .reduce((total, [, count]) => total + count, 0);

/** Waits until no table call or socket post has happened for a second (stream work included). */
async function quiet(): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the runtime never went quiet');
    const { counts } = await counter.collectTableCalls(100);
    const now = sum(counts, 'table.') + sum(counts, 'socket.') + sum(counts, 'standIn.');
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 1_000) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The company, its ticket accepted by an agent, and three sockets watching. */
async function companyReplying() {
  const admin = new ApiClient(runtime.url);
  const { companyId } = await signUpCompany(admin, 'Costo');
  const whatsappId = await connectSandbox(admin);
  const number = '5511960000026';
  await customerWrites(admin, whatsappId, { from: number, name: 'Cliente', body: 'hola', id: 'cost-1' });
  const [ticket] = await pendingTicketsOf<{ id: number }>(admin, [number]);
  const { agent } = await agentOf(admin, companyId, 'responde');
  // Who is watching: the admin, the replying agent and an agent of no queue who may not see it.
  const { agent: outsider, userId: outsiderId } = await agentOf(admin, companyId, 'ajeno', {
    allTicket: 'desabled',
  });
  const watchers = await Promise.all([listen(admin), listen(agent), listen(outsider)]);
  sockets.push(...watchers.map((watcher) => watcher.socket));
  expect((await agent.put(`/tickets/${ticket!.id}`, { status: 'open' })).status).toBe(200);
  const reply = async (text: string) => {
    const answer = await agent.post<{ id: string }>(`/messages/${ticket!.id}`, { body: text });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // Not the outbox (its reads would count): the send, its mark and their stream work are
    // done once nothing has happened for a second.
    await quiet();
    return answer.body.id;
  };
  const ofTicket = (frames: LiveFrame[]) =>
    frames.filter(
      (frame) =>
        frame.data.ticketId === ticket!.id ||
        (frame.data.ticket as { id?: number } | undefined)?.id === ticket!.id,
    );
  return {
    admin,
    companyId,
    whatsappId,
    number,
    ticketId: ticket!.id,
    agent,
    outsider,
    outsiderId,
    watchers,
    reply,
    ofTicket,
  };
}

const messageIdOf = (request: ReceivedWebhook) =>
  (request.json.data.message as { id?: string } | undefined)?.id;

let company: Awaited<ReturnType<typeof companyReplying>>;

describe("an agent's reply", () => {
  beforeAll(async () => {
    company = await companyReplying();
    // The first reply starts the functions' threads and fills their caches: not counted.
    await company.reply('primera');
  }, 300_000);

  it(`costs at most ${tableCallBudget} table calls, its stream work included`, async () => {
    await counter.resetTableCalls();
    for (let index = 0; index < replies; index += 1) await company.reply(`respuesta ${index}`);
    const { counts, recent } = await counter.collectTableCalls();
    const perReply = sum(counts, 'table.') / replies;
    const summary = Object.fromEntries(
      Object.entries(counts).map(([name, count]) => [name, count / replies]),
    );
    console.info(`reply cost per reply: ${JSON.stringify(summary)}`);
    expect(
      perReply,
      `table calls per reply ${JSON.stringify(summary)}\n${recent.join('\n')}`,
    ).toBeLessThanOrEqual(tableCallBudget);

    const sent = (await outboxOf(company.admin, company.whatsappId, company.number)).map((item) => item.body);
    for (let index = 0; index < replies; index += 1) expect(sent).toContain(`respuesta ${index}`);
    // Who-sees-what is kept: the outsider's socket got no event of the ticket.
    const [adminWatch, agentWatch, outsiderWatch] = company.watchers;
    await until(
      async () => (company.ofTicket(adminWatch!.frames).length > 0 ? true : undefined),
      'the admin event',
    );
    expect(company.ofTicket(agentWatch!.frames).length).toBeGreaterThan(0);
    expect(company.ofTicket(outsiderWatch!.frames)).toEqual([]);
  }, 240_000);

  it('leaves an idle stream alone: a few polls a second, the writes wake the readers', async () => {
    await quiet();
    await counter.resetTableCalls(0);
    const seconds = 3;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const { counts } = await counter.collectTableCalls();
    // Four readers (one per consumer), each polling every 250 ms when nothing wakes it: 16 a
    // second (100 with the old 40 ms pause). A margin for a timer's invocation waking them.
    expect((counts['stream.GetRecords'] ?? 0) / seconds).toBeLessThanOrEqual(24);
  }, 60_000);

  it("reaches a webhook added after the company's webhooks were kept, and no longer one removed", async () => {
    const receiver = await startWebhookReceiver();
    try {
      // The webhook consumer has just kept "no webhooks" for the company (the reply before).
      await company.reply('antes del gancho');
      const created = await company.admin.post<{ id: number }>('/webhooks', {
        name: 'costo',
        url: `${receiver.origin}/costo`,
        events: ['message.created'],
      });
      expect(created.status).toBe(201);
      const heard = await company.reply('con gancho');
      await until(
        async () => receiver.on('/costo').find((request) => messageIdOf(request) === heard),
        'the new webhook hearing the reply',
        30_000,
      );
      expect((await company.admin.delete(`/webhooks/${created.body.id}`)).status).toBe(200);
      const unheard = await company.reply('sin gancho');
      // The reply's stream work is done (quiet): a delivery would have been queued by now; give
      // its attempt the time the one above took, then look.
      await quiet();
      expect(receiver.on('/costo').filter((request) => messageIdOf(request) === unheard)).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 240_000);

  it("posts nothing to a closed socket, and follows an agent given the ticket's queue", async () => {
    const [adminWatch, , outsiderWatch] = company.watchers;
    adminWatch!.socket.close();
    await quiet();
    await counter.resetTableCalls();
    await company.reply('sin el admin');
    const { counts } = await counter.collectTableCalls();
    // A socket kept after its $disconnect would be posted to, answer Gone and be deleted by the
    // broadcaster.
    expect(counts['broadcaster table.DeleteItem'] ?? 0).toBe(0);

    // The outsider is given a queue and the ticket is moved to it: from then on the outsider's
    // socket hears the ticket (its access follows the user record, kept or not).
    const queue = await company.admin.post<{ id: number }>('/queue', {
      name: `Cola costo`,
      color: '#112233',
    });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const updated = await company.admin.put(`/users/${company.outsiderId}`, { queueIds: [queue.body.id] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await quiet();
    // The transfer's ticket event is the first of the ticket the outsider may hear.
    expect(company.ofTicket(outsiderWatch!.frames)).toEqual([]);
    expect((await company.admin.put(`/tickets/${company.ticketId}`, { queueId: queue.body.id })).status).toBe(
      200,
    );
    await until(
      async () => (company.ofTicket(outsiderWatch!.frames).length > 0 ? true : undefined),
      "the outsider hearing its queue's ticket",
    );
  }, 240_000);
});

/**
 * An external API send (POST /api/messages/send with the connection's token) to a known number:
 * measured 11 (the token's claim and the connection; the number's claim and the contact; the
 * contact's current ticket pointer and the ticket; the message transaction; the connector's claim
 * and mark; the fan-out's directory version and, when its kept list ran out, the sockets). The
 * budget is issue #26's goal.
 */
const externalCallBudget = 12;

describe('an external API send', () => {
  it(`costs at most ${externalCallBudget} table calls, its stream work included`, async () => {
    // Run alone (-t), this file's company is made here.
    company ??= await companyReplying();
    const token = (await company.admin.get<{ token: string }>(`/whatsapp/${company.whatsappId}`)).body.token;
    const number = '5511960000126';
    const send = async (text: string) => {
      const answer = await fetch(`${runtime.url}/api/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number, body: text }),
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      await quiet();
    };
    // The first send makes the contact and its ticket and starts the function: not counted.
    await send('primera api');
    await counter.resetTableCalls();
    for (let index = 0; index < replies; index += 1) await send(`api ${index}`);
    const { counts, recent } = await counter.collectTableCalls();
    const perSend = sum(counts, 'table.') / replies;
    const summary = Object.fromEntries(Object.entries(counts).map(([name, count]) => [name, count / replies]));
    console.info(`external API cost per send: ${JSON.stringify(summary)}`);
    expect(perSend, `table calls per send ${JSON.stringify(summary)}\n${recent.join('\n')}`).toBeLessThanOrEqual(
      externalCallBudget,
    );
    const sent = (await outboxOf(company.admin, company.whatsappId, number)).map((item) => item.body);
    for (let index = 0; index < replies; index += 1) expect(sent).toContain(`api ${index}`);
  }, 240_000);
});

describe("an external API send to a number with no ticket", () => {
  it('creates the contact, then the ticket holding the message: two transactions, one send', async () => {
    company ??= await companyReplying();
    const token = (await company.admin.get<{ token: string }>(`/whatsapp/${company.whatsappId}`)).body.token;
    const number = '5511960000326';
    await quiet();
    await counter.resetTableCalls();
    const answer = await fetch(`${runtime.url}/api/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number, body: 'primer mensaje api' }),
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { recent } = await counter.collectTableCalls();
    const writes = recent.filter((call) => call.startsWith('requests-') && call.split(' ')[1] === 'TransactWriteItems');
    // The contact with its number claim (AP-CT-6), then the ticket holding the message (AP-TK-4M).
    expect(writes, recent.join('\n')).toHaveLength(2);
    const sent = await until(async () => {
      const items = await outboxOf(company.admin, company.whatsappId, number);
      return items.length > 0 ? items : undefined;
    }, 'the message in the outbox');
    expect(sent.map((item) => item.body)).toEqual(['primer mensaje api']);
  }, 240_000);
});

describe('a scheduled message', () => {
  it('is fired with its schedule and its contact read in one call, and sent once', async () => {
    company ??= await companyReplying();
    const { admin } = company;
    const number = '5511960000226';
    const contact = await admin.post<{ id: number }>('/contacts', { name: 'Cliente Agenda', number });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    // Far enough ahead that the counting starts (after the runtime is quiet) before it fires.
    const sendAt = new Date(Date.now() + 8_000).toISOString();
    const schedule = await admin.post<{ id: number }>('/schedules', {
      body: 'Recordatorio programado',
      contactId: contact.body.id,
      sendAt,
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    await quiet();
    await counter.resetTableCalls();
    expect(Date.now(), 'counting started before the send time').toBeLessThan(Date.parse(sendAt));
    const scheduleKey = `"SCHEDULE#${schedule.body.id}"`;
    const contactKey = `"CONTACT#${contact.body.id}"`;
    // The fire's own calls: the queue consumers' thread (nothing else of them runs meanwhile).
    const fired = await until(async () => {
      const { recent } = await counter.collectTableCalls(100);
      const own = recent.filter((call) => call.startsWith('background '));
      return own.some((call) => call.includes('TransactWriteItems')) ? own : undefined;
    }, 'the schedule fired', 60_000);
    const reads = fired.filter((call) => call.includes(contactKey));
    expect(reads.map((call) => call.split(' ')[1]), fired.join('\n')).toEqual(['BatchGetItem']);
    expect(reads[0]).toContain(scheduleKey);
    await until(async () => {
      const sent = await outboxOf(admin, company.whatsappId, number);
      return sent.length > 0 ? sent : undefined;
    }, 'the scheduled message in the outbox').then((sent) =>
      expect(sent.map((item) => item.body)).toEqual(['Recordatorio programado']),
    );
  }, 240_000);
});
