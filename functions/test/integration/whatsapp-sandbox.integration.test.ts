import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type * as ContactsModule from '../../src/data/contacts.ts';
import type * as MessagesModule from '../../src/data/messages.ts';
import type * as TicketsModule from '../../src/data/tickets.ts';
import type * as SandboxDropsModule from '../../src/data/sandbox-drops.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';
import { eventsOf } from './support/live.ts';

/**
 * WhatsApp traffic end to end through the sandbox provider: API → connector-commands queue →
 * in-process connector → inbound FIFO queue → ingest Lambda → table, and back.
 */
let env: TestRuntime;
let data: {
  contacts: typeof ContactsModule;
  tickets: typeof TicketsModule;
  messages: typeof MessagesModule;
  drops: typeof SandboxDropsModule;
};

beforeAll(async () => {
  env = await startTestRuntime();
  data = {
    contacts: await import('../../src/data/contacts.ts'),
    tickets: await import('../../src/data/tickets.ts'),
    messages: await import('../../src/data/messages.ts'),
    drops: await import('../../src/data/sandbox-drops.ts'),
  };
});
afterAll(async () => env?.stop());

async function conversation(companyId: number, whatsappId: number, number: string) {
  const contact = await data.contacts.getContactByNumber(companyId, number);
  if (!contact) return undefined;
  const current = await data.tickets.currentTicketOf(companyId, whatsappId, contact.id);
  if (!current) return undefined;
  const { messages } = await data.messages.listTicketMessages(companyId, current.id, { limit: 200 });
  // The ticket read again after its messages: each message and its unread count are written in
  // one transaction, so this reading counts at least every message listed (the first may not).
  const ticket = (await data.tickets.getTicket(companyId, current.id)) ?? current;
  return { contact, ticket, messages: messages.reverse() };
}

describe('WhatsApp traffic through the sandbox', () => {
  it('stores a redelivered message once', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Redelivery');
    const whatsappId = await connectSandbox(api);
    const message = { from: '5511990000001', name: 'Ana', body: 'hola', id: 'REDELIVERED-1' };
    expect((await api.post(`/sandbox/${whatsappId}/inbound`, message)).status).toBe(202);
    expect((await api.post(`/sandbox/${whatsappId}/inbound`, message)).status).toBe(202);
    const seen = await until(async () => {
      const c = await conversation(companyId, whatsappId, '5511990000001');
      return c && c.messages.length > 0 ? c : undefined;
    }, 'the message');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = (await conversation(companyId, whatsappId, '5511990000001'))!;
    expect(after.messages.map((m) => m.id)).toEqual(['REDELIVERED-1']);
    expect(after.ticket.unreadMessages).toBe(1);
    expect(seen.contact.name).toBe('Ana');
  });

  it('turns 50 messages sent at once by one contact into one ticket, each stored once', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Burst');
    const whatsappId = await connectSandbox(api);
    const ids = Array.from({ length: 50 }, (_, i) => `BURST-${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(
      ids.map((id, i) => api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000002', name: 'Bea', body: `mensaje ${i}`, id })),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const done = await until(async () => {
      const c = await conversation(companyId, whatsappId, '5511990000002');
      return c && c.messages.length === 50 ? c : undefined;
    }, '50 messages');
    // The API calls raced each other, so the order is the order the commands were accepted;
    // what must hold is one ticket, every message once, and unread counting each of them.
    expect(new Set(done.messages.map((m) => m.id)).size).toBe(50);
    expect(done.ticket.unreadMessages).toBe(50);
    const tickets = await Promise.all(ids.map(() => data.tickets.currentTicketOf(companyId, whatsappId, done.contact.id)));
    expect(new Set(tickets.map((t) => t?.id)).size).toBe(1);
  });

  it('keeps the order of messages sent one after another', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Order');
    const whatsappId = await connectSandbox(api);
    const ids = Array.from({ length: 20 }, (_, i) => `SEQ-${String(i).padStart(2, '0')}`);
    for (const [i, id] of ids.entries()) {
      await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000003', body: `paso ${i}`, id });
    }
    const done = await until(async () => {
      const c = await conversation(companyId, whatsappId, '5511990000003');
      return c && c.messages.length === 20 ? c : undefined;
    }, '20 messages');
    expect(done.messages.map((m) => m.id)).toEqual(ids);
  });

  it('delivers what the customer sent while the connector was stopped once it starts', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Offline');
    const whatsappId = await connectSandbox(api);
    await env.runtime.connector.stop();
    for (const i of [1, 2, 3]) {
      expect((await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000004', body: `mientras tanto ${i}`, id: `OFF-${i}` })).status).toBe(202);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await conversation(companyId, whatsappId, '5511990000004')).toBeUndefined();
    await env.runtime.connector.start();
    const done = await until(async () => {
      const c = await conversation(companyId, whatsappId, '5511990000004');
      return c && c.messages.length === 3 ? c : undefined;
    }, 'the messages after restart');
    expect(done.messages.map((m) => m.id)).toEqual(['OFF-1', 'OFF-2', 'OFF-3']);
    // The session came back without a new QR.
    expect((await api.get<{ status: string }>(`/whatsapp/${whatsappId}`)).body.status).toBe('CONNECTED');
  });

  it("holds what customers send after a drop until the restore, each customer's messages in order", async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Held');
    const whatsappId = await connectSandbox(api);
    const [ana, beto] = ['5511990000011', '5511990000012'];
    const write = async (from: string, id: string) =>
      expect((await api.post(`/sandbox/${whatsappId}/inbound`, { from, body: id, id })).status).toBe(202);
    const idsOf = async (number: string) =>
      (await conversation(companyId, whatsappId, number))?.messages.map((m) => m.id) ?? [];
    await write(ana, 'HELD-A0');
    await until(async () => ((await idsOf(ana)).length === 1 ? true : undefined), 'the message before the drop');

    // Each customer's messages travel in their own chat's group, the drop in the connection's:
    // posted right after it, they are held all the same.
    expect(await data.drops.openSandboxDropNumber(companyId, whatsappId)).toBeUndefined();
    expect((await api.post(`/sandbox/${whatsappId}/drop`)).status).toBe(202);
    // Recorded when posted: the messages posted from now on carry the drop's number.
    expect(await data.drops.openSandboxDropNumber(companyId, whatsappId)).toBe(1);
    await write(beto, 'HELD-B1');
    await write(ana, 'HELD-A1');
    await write(beto, 'HELD-B2');
    await until(
      async () => ((await api.get<{ status: string }>(`/whatsapp/${whatsappId}`)).body.status === 'OPENING' ? true : undefined),
      'the drop',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await idsOf(beto)).toEqual([]);
    expect(await idsOf(ana)).toEqual(['HELD-A0']);

    expect((await api.post(`/sandbox/${whatsappId}/restore`)).status).toBe(202);
    expect(await data.drops.openSandboxDropNumber(companyId, whatsappId)).toBeUndefined();
    await write(ana, 'HELD-A2');
    await until(async () => ((await idsOf(beto)).length === 2 ? true : undefined), "Beto's held messages");
    await until(async () => ((await idsOf(ana)).length === 3 ? true : undefined), "Ana's messages");
    expect(await idsOf(beto)).toEqual(['HELD-B1', 'HELD-B2']);
    expect(await idsOf(ana)).toEqual(['HELD-A0', 'HELD-A1', 'HELD-A2']);
  });

  it('delivers an agent reply to the customer, and the ack comes back', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Reply');
    const whatsappId = await connectSandbox(api);
    await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000005', name: 'Caio', body: 'necesito ayuda', id: 'Q-1' });
    const { ticket } = await until(() => conversation(companyId, whatsappId, '5511990000005'), 'the ticket');
    const sent = await api.post<{ id: string; ack: number }>(`/messages/${ticket.id}`, { body: '¡Hola Caio! ¿En qué te ayudo?', quotedMsg: { id: 'Q-1' } });
    expect(sent.status).toBe(201);
    const outbox = await until(async () => {
      const delivered = await outboxOf(api, whatsappId, '5511990000005');
      return delivered.length > 0 ? delivered : undefined;
    }, 'the outbox');
    expect(outbox).toEqual([expect.objectContaining({ id: sent.body.id, body: '¡Hola Caio! ¿En qué te ayudo?', quotedId: 'Q-1' })]);
    await until(async () => ((await data.messages.getMessage(companyId, sent.body.id))?.ack === 1 ? true : undefined), 'ack 1');
    expect((await api.post(`/sandbox/${whatsappId}/ack`, { id: sent.body.id, ack: 3 })).status).toBe(202);
    await until(async () => ((await data.messages.getMessage(companyId, sent.body.id))?.ack === 3 ? true : undefined), 'ack 3');
    const listed = await api.get<{ messages: { id: string; fromMe: boolean }[] }>(`/messages/${ticket.id}`);
    expect(listed.body.messages.map((m) => [m.id, m.fromMe])).toEqual([
      ['Q-1', false],
      [sent.body.id, true],
    ]);
  });

  it("keeps sandbox endpoints to the connection's own company", async () => {
    const owner = env.client();
    await signUpCompany(owner, 'Dueño');
    const whatsappId = await connectSandbox(owner);
    const other = env.client();
    await signUpCompany(other, 'Intruso');
    const probe = await other.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000006', body: 'x' });
    // The id exists in the owner's company only (ids are per company): the intruder's own
    // connection with that id does not exist, so nothing is sent anywhere.
    expect([404, 400]).toContain(probe.status);
    expect((await other.get(`/whatsapp/${whatsappId}`)).status).toBe(404);
  });

  it('rejects calls with a text when the company does not take them', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Llamadas');
    expect((await api.put('/settings/call', { value: 'disabled' })).status).toBe(200);
    const whatsappId = await connectSandbox(api);
    await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000007', name: 'Dani', mediaType: 'call_log', id: 'CALL-1' });
    const outbox = await until(async () => {
      const delivered = await outboxOf(api, whatsappId, '5511990000007');
      return delivered.length > 0 ? delivered : undefined;
    }, 'the reply to the call');
    expect(outbox[0]!.body).toMatch(/llamadas de voz y video están deshabilitadas/i);
    const logged = await until(async () => {
      const c = await conversation(companyId, whatsappId, '5511990000007');
      return c && c.messages.length > 0 ? c : undefined;
    }, 'the call log');
    expect(logged.messages.some((m) => m.mediaType === 'call_log')).toBe(true);
  });

  it("shows a customer's message on an admin's screen live", async () => {
    const api = env.client();
    await signUpCompany(api, 'EnVivo');
    const whatsappId = await connectSandbox(api);
    const socket = new WebSocket(`${env.runtime.url.replace(/^http/, 'ws')}/ws?token=${api.token}`);
    const events: { event: string; data: { message?: { body?: string } } }[] = [];
    socket.on('message', (raw) => events.push(...(eventsOf(raw) as typeof events)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000008', body: 'en vivo', id: 'LIVE-1' });
    const seen = await until(async () => events.find((e) => e.event === 'appMessage' && e.data.message?.body === 'en vivo'), 'appMessage');
    expect(seen.data).toMatchObject({ action: 'create', message: { id: 'LIVE-1', fromMe: false } });
    socket.close();
  });

  it('keeps group chats out unless the company takes group messages', async () => {
    const api = env.client();
    const { companyId } = await signUpCompany(api, 'Grupos');
    const whatsappId = await connectSandbox(api);
    const group = { from: '120363025246125486', name: 'Familia', body: 'hola grupo' };
    // Sandbox numbers of 15+ digits starting 1203 stand for group chats (docs/sandbox.md).
    await api.post(`/sandbox/${whatsappId}/inbound`, { ...group, id: 'G-1' });
    await api.post(`/sandbox/${whatsappId}/inbound`, { from: '5511990000009', body: 'después', id: 'AFTER-G-1' });
    await until(() => conversation(companyId, whatsappId, '5511990000009'), 'the later 1:1 message');
    expect(await conversation(companyId, whatsappId, group.from)).toBeUndefined();

    expect((await api.put('/settings/CheckMsgIsGroup', { value: 'disabled' })).status).toBe(200);
    await api.post(`/sandbox/${whatsappId}/inbound`, { ...group, id: 'G-2' });
    // The ticket is written just before its first message: wait for both.
    const taken = await until(async () => {
      const c = await conversation(companyId, whatsappId, group.from);
      return c && c.messages.length > 0 ? c : undefined;
    }, 'the group ticket and its message');
    expect(taken.ticket.isGroup).toBe(true);
    expect(taken.messages.map((m) => m.id)).toEqual(['G-2']);
  });
});
