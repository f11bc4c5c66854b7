import type { InboundMessage } from '@atende/shared/entities/inbound-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox } from './support/sandbox.ts';
import { countCalls, type CallCounts } from './support/table-calls.ts';

/**
 * Issue #26: what an inbound customer message costs in DynamoDB table calls, from the moment the
 * connector hands it in (the ingest consumer) until its message, contact and ticket are stored
 * and the chatbot's step is written: counts, not timings. The stream consumers (live fan-out,
 * dashboard aggregator, webhooks) are measured by their own tests; the local SQS/Scheduler
 * stand-ins' calls are counted apart (support/table-calls.ts).
 */
let env: TestRuntime;
let ingestEvent: (event: InboundMessage) => Promise<void>;
let numbers = 0;

beforeAll(async () => {
  env = await startTestRuntime();
  // After the runtime: the data layer names its table when first imported.
  ({ ingestEvent } = (await import('../../src/modules/ingest/ingest-event.ts')) as never);
});
afterAll(async () => env?.stop());

interface Chat {
  companyId: number;
  whatsappId: number;
  number: string;
}

async function companyWithConnection(label: string, queues: Record<string, unknown>[] = []) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const queueIds: number[] = [];
  for (const [index, queue] of queues.entries()) {
    const created = await admin.post<{ id: number }>('/queue', {
      name: `Cola ${index}`,
      color: ['#0a7cff', '#e91e63', '#4caf50'][index],
      ...queue,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    queueIds.push(created.body.id);
  }
  const whatsappId = await connectSandbox(
    admin,
    queueIds.length > 0 ? { queueIds, greetingMessage: 'Elija:' } : {},
  );
  return { admin, companyId: company.companyId as number, whatsappId };
}

function newChat(companyId: number, whatsappId: number): Chat {
  numbers += 1;
  return { companyId, whatsappId, number: `55119877${String(numbers).padStart(5, '0')}` };
}

let sequence = 0;
function customerSays(chat: Chat, body: string): InboundMessage {
  sequence += 1;
  return {
    kind: 'message',
    companyId: chat.companyId,
    whatsappId: chat.whatsappId,
    chatJid: `${chat.number}@s.whatsapp.net`,
    isGroup: false,
    timestamp: new Date(Date.now() + sequence).toISOString(),
    messageId: `TC${Date.now().toString(36)}${sequence}`.toUpperCase(),
    fromMe: false,
    type: 'text',
    body,
    pushName: 'Cliente',
  };
}

const report = (label: string, counts: CallCounts) =>
  console.log(
    `${label}: ${counts.tableCalls} table calls ${JSON.stringify(counts.table)}; stand-in ${counts.standInCalls} ${JSON.stringify(counts.standIn)}`,
  );

type Listed = {
  id: number;
  contactId: number;
  queueId: number | null;
  unreadMessages: number;
  contact: { number: string } | null;
};

async function ticketsOf(admin: ApiClient, number: string): Promise<Listed[]> {
  const list = await admin.get<{ tickets: Listed[] }>('/tickets?status=pending&showAll=true');
  return list.body.tickets.filter((t) => t.contact?.number === number);
}

async function messagesOf(
  admin: ApiClient,
  ticketId: number,
): Promise<{ id: string; body: string; fromMe: boolean }[]> {
  return (
    await admin.get<{ messages: { id: string; body: string; fromMe: boolean }[] }>(`/messages/${ticketId}`)
  ).body.messages;
}

// The goals are 8 table calls for a known chat and 15 for a new customer; the figures
// below are what the path costs now (docs/performance.md, "Inbound write path"), so that any
// call added to it is seen.
describe('the table calls of an inbound customer message', () => {
  it('on a connection without queues: a new customer in one read and one write, a known chat likewise', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Llamadas entrantes');
    const chat = newChat(companyId, whatsappId);
    const first = await countCalls(() => ingestEvent(customerSays(chat, 'hola')));
    report('new customer, no queues', first);
    // The chat's read (with the counters) and one transaction: contact, ticket and message.
    expect(first.table).toEqual({ BatchGetItem: 1, TransactWriteItems: 1 });
    for (const text of ['sigo aquí', 'y otra vez']) {
      const known = await countCalls(() => ingestEvent(customerSays(chat, text)));
      report('known chat, no queues', known);
      // The chat's read (the campaign confirmation in it) and the message's transaction.
      expect(known.table).toEqual({ BatchGetItem: 1, TransactWriteItems: 1 });
    }
    const [ticket, ...others] = await ticketsOf(admin, chat.number);
    expect(others).toEqual([]);
    expect(ticket).toMatchObject({ unreadMessages: 3 });
    expect((await messagesOf(admin, ticket!.id)).map((m) => m.body).sort()).toEqual([
      'hola',
      'sigo aquí',
      'y otra vez',
    ]);
  });

  it('on a connection with one queue: the new customer placed in it, then a known chat', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Llamadas una cola', [
      { greetingMessage: 'Bienvenido' },
    ]);
    const chat = newChat(companyId, whatsappId);
    const first = await countCalls(() => ingestEvent(customerSays(chat, 'hola')));
    report('new customer, one queue', first);
    // The chat, its first write, the queues and the queue's options, the chatbot's step.
    expect(first.tableCalls).toBeLessThanOrEqual(5);
    const second = await countCalls(() => ingestEvent(customerSays(chat, 'precio')));
    report('known chat, one queue', second);
    expect(second.tableCalls).toBeLessThanOrEqual(3);
    const tickets = await ticketsOf(admin, chat.number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.queueId).not.toBeNull();
  });

  it('on a connection with a menu: a new customer gets the menu, then picks an option', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Llamadas menú', [
      { greetingMessage: 'Ventas aquí' },
      { greetingMessage: 'Soporte aquí' },
    ]);
    const chat = newChat(companyId, whatsappId);
    const first = await countCalls(() => ingestEvent(customerSays(chat, 'hola')));
    report('new customer, menu', first);
    expect(first.tableCalls).toBeLessThanOrEqual(4);
    const picked = await countCalls(() => ingestEvent(customerSays(chat, '1')));
    report('known chat, menu option', picked);
    expect(picked.tableCalls).toBeLessThanOrEqual(5);
    const inQueue = await countCalls(() => ingestEvent(customerSays(chat, 'gracias')));
    report('known chat, in queue', inQueue);
    // Plus, at most every few seconds a container, the queue's bots (whether a bot takes it).
    expect(inQueue.tableCalls).toBeLessThanOrEqual(3);
    const [ticket] = await ticketsOf(admin, chat.number);
    const bodies = (await messagesOf(admin, ticket!.id)).map((m) => m.body);
    expect(bodies).toEqual(expect.arrayContaining(['hola', '1', 'gracias', 'Ventas aquí']));
  });
});

describe("a new customer's first write", () => {
  it('stores a redelivered first message once', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Primero repetido');
    const chat = newChat(companyId, whatsappId);
    const message = customerSays(chat, 'hola una vez');
    await ingestEvent(message);
    const again = await countCalls(() => ingestEvent(message));
    // The read, the message's put failing its condition, the ticket and the replies it might
    // have left unsent (the redelivery path of docs/chatbot.md).
    expect(again.tableCalls).toBeLessThanOrEqual(4);
    const [ticket, ...others] = await ticketsOf(admin, chat.number);
    expect(others).toEqual([]);
    expect(ticket).toMatchObject({ unreadMessages: 1 });
    expect((await messagesOf(admin, ticket!.id)).map((m) => m.id)).toEqual([message.messageId]);
  });

  it('gives customers arriving together their own contacts and tickets, and one number one of each', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Primeros juntos');
    // A contact made through the API meanwhile takes an id from the same counter.
    const chats = Array.from({ length: 6 }, () => newChat(companyId, whatsappId));
    const twice = newChat(companyId, whatsappId);
    await Promise.all([
      ...chats.map((chat) => ingestEvent(customerSays(chat, `hola ${chat.number}`))),
      ingestEvent(customerSays(twice, 'uno')),
      ingestEvent(customerSays(twice, 'dos')),
      admin.post('/contacts', { name: 'Hecho a mano', number: '5511966600001' }),
    ]);
    const tickets = await Promise.all([...chats, twice].map((chat) => ticketsOf(admin, chat.number)));
    expect(tickets.map((list) => list.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const listed = tickets.map((list) => list[0]!);
    expect(new Set(listed.map((t) => t.id)).size).toBe(7);
    expect(new Set(listed.map((t) => t.contactId)).size).toBe(7);
    const contacts = await admin.get<{ contacts: { id: number; number: string }[] }>('/contacts');
    const manual = contacts.body.contacts.find((c) => c.number === '5511966600001');
    expect(manual).toBeDefined();
    expect(listed.map((t) => t.contactId)).not.toContain(manual!.id);
    for (const [index, chat] of chats.entries())
      expect((await messagesOf(admin, listed[index]!.id)).map((m) => m.body)).toEqual([
        `hola ${chat.number}`,
      ]);
    expect((await messagesOf(admin, listed[6]!.id)).map((m) => m.body).sort()).toEqual(['dos', 'uno']);
  });

  it('writes customers arriving together once each, not a cancelled transaction and a second one', async () => {
    const { admin, companyId, whatsappId } = await companyWithConnection('Primeros a la vez');
    const chats = Array.from({ length: 6 }, () => newChat(companyId, whatsappId));
    const together = await countCalls(() =>
      Promise.all(chats.map((chat) => ingestEvent(customerSays(chat, `buenas ${chat.number}`)))),
    );
    report('six new customers at once', together);
    // The first takes its ids from the counters as read; the others, seeing it in flight, take
    // theirs with the counters' ADD (two updates each) rather than each failing on the moved
    // counters and writing again (11 transactions). The first may still lose to their ADDs once.
    expect(together.table.TransactWriteItems).toBeLessThanOrEqual(7);
    expect(together.table.UpdateItem).toBeLessThanOrEqual(12);
    const tickets = await Promise.all(chats.map((chat) => ticketsOf(admin, chat.number)));
    expect(tickets.map((list) => list.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(new Set(tickets.map((list) => list[0]!.id)).size).toBe(6);
  });
});
