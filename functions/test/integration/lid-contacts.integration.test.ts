import type { InboundEvent } from '@atende/shared/entities/inbound-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * LID contacts (issue #30; docs/decisions, "LID contacts"), through the whole path: the sandbox
 * customer writes under a LID with the number hidden, then under the number with the LID
 * (docs/sandbox.md), and the ingest keeps one contact and one ticket.
 */
let env: TestRuntime;
let ingestEvent: (event: InboundEvent) => Promise<void>;

beforeAll(async () => {
  env = await startTestRuntime();
  // The data layer names its table when first imported: after the runtime (docs/testing.md).
  ({ ingestEvent } = (await import('../../src/modules/ingest/ingest-event.ts')) as never);
});
afterAll(async () => env?.stop());

type Ticket = { id: number; status: string; contactId: number; unreadMessages: number; lastMessage: string; contact?: { number: string; lidOnly?: boolean } };
type Contact = { id: number; name: string; number: string; lid: string | null; lidOnly: boolean };
type Page = { messages: { id: string; body: string }[] };

const messageIds = async (admin: ReturnType<TestRuntime['client']>, ticketId: number) =>
  (await admin.get<Page>(`/messages/${ticketId}`)).body.messages.map((m) => m.id).sort();

describe('a customer WhatsApp addresses by LID', () => {
  it('a conversation that starts under a LID and continues under the number is one ticket with all messages; replies go to the number', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Lid');
    const whatsappId = await connectSandbox(admin);
    const number = '5511970000001';
    const lid = '140000000000001';

    await customerWrites(admin, whatsappId, { from: number, lid, hideNumber: true, name: 'Lucía', body: 'hola', id: 'LidA-1' });
    const [ticket] = await pendingTicketsOf<Ticket>(admin, [lid]);
    expect(ticket!.contact).toMatchObject({ number: lid, lidOnly: true });
    const before = (await admin.get<Contact>(`/contacts/${ticket!.contactId}`)).body;
    expect(before).toMatchObject({ name: 'Lucía', number: lid, lid, lidOnly: true });

    await customerWrites(admin, whatsappId, { from: number, lid, name: 'Lucía', body: 'sigo aquí', id: 'LidA-2' });
    await until(async () => ((await messageIds(admin, ticket!.id)).length === 2 ? true : undefined), 'both messages in the ticket');
    expect(await messageIds(admin, ticket!.id)).toEqual(['LidA-1', 'LidA-2']);
    const after = (await admin.get<Contact>(`/contacts/${ticket!.contactId}`)).body;
    expect(after).toMatchObject({ name: 'Lucía', number, lid, lidOnly: false });
    const pending = (await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true')).body.tickets;
    expect(pending.map((t) => t.id)).toEqual([ticket!.id]);

    // Later messages under the LID alone still find the contact (its LID claim).
    await customerWrites(admin, whatsappId, { from: number, lid, hideNumber: true, body: 'otra', id: 'LidA-3' });
    await until(async () => ((await messageIds(admin, ticket!.id)).length === 3 ? true : undefined), 'the LID message in the same ticket');

    const reply = await admin.post(`/messages/${ticket!.id}`, { body: 'Hola Lucía' });
    expect(reply.status).toBeLessThan(300);
    const sent = await until(async () => {
      const outbox = await outboxOf(admin, whatsappId, number);
      return outbox.some((m) => m.body.includes('Hola Lucía')) ? outbox : undefined;
    }, 'the reply in the number\'s outbox');
    expect(sent.length).toBeGreaterThan(0);
  }, 120_000);

  it('two contacts and two tickets of one person become one, with messages, notes and tags; the same pair again changes nothing', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'LidMerge');
    const whatsappId = await connectSandbox(admin);
    const number = '5511970000002';
    const lid = '140000000000002';

    await customerWrites(admin, whatsappId, { from: number, name: 'Marta', body: 'por número', id: 'LidB-1' });
    const [byNumber] = await pendingTicketsOf<Ticket>(admin, [number]);
    await customerWrites(admin, whatsappId, { from: number, lid, hideNumber: true, name: 'Marta', body: 'por LID', id: 'LidB-2' });
    const [byLid] = await pendingTicketsOf<Ticket>(admin, [lid]);
    expect(byLid!.id).not.toBe(byNumber!.id);

    const note = await admin.post('/ticket-notes', { note: 'Nota del LID', ticketId: byLid!.id, contactId: byLid!.contactId });
    expect(note.status).toBeLessThan(300);
    const tag = await admin.post<{ id: number }>('/tags', { name: 'Cliente LID' });
    expect((await admin.post('/tags/sync', { ticketId: byLid!.id, tags: [tag.body.id] })).status).toBe(200);

    // The number reveals the LID: one contact, one ticket.
    await customerWrites(admin, whatsappId, { from: number, lid, name: 'Marta', body: 'ambos', id: 'LidB-3' });
    await until(async () => ((await messageIds(admin, byNumber!.id)).length === 3 ? true : undefined), 'every message in the number\'s ticket');
    expect(await messageIds(admin, byNumber!.id)).toEqual(['LidB-1', 'LidB-2', 'LidB-3']);
    await until(async () => ((await admin.get(`/tickets/${byLid!.id}`)).status === 404 ? true : undefined), 'the LID ticket gone');
    expect((await admin.get(`/contacts/${byLid!.contactId}`)).status).toBe(404);
    expect((await admin.get<Contact>(`/contacts/${byNumber!.contactId}`)).body).toMatchObject({ number, lid, lidOnly: false });
    const notes = (await admin.get<{ note: string }[]>(`/ticket-notes/list?ticketId=${byNumber!.id}&contactId=${byNumber!.contactId}`)).body;
    expect(notes.map((n) => n.note)).toEqual(['Nota del LID']);
    const full = (await admin.get<{ tags: { id: number }[]; unreadMessages: number; lastMessage: string }>(`/tickets/${byNumber!.id}`)).body;
    expect(full.tags.map((t) => t.id)).toEqual([tag.body.id]);
    expect(full.lastMessage).toBe('ambos');

    // The same pair again (another message carrying both): nothing moves, the message joins the ticket.
    await customerWrites(admin, whatsappId, { from: number, lid, name: 'Marta', body: 'de nuevo', id: 'LidB-4' });
    await until(async () => ((await messageIds(admin, byNumber!.id)).length === 4 ? true : undefined), 'the fourth message');
    const pending = (await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true')).body.tickets;
    expect(pending.map((t) => t.id)).toEqual([byNumber!.id]);
    expect((await admin.get<Contact>(`/contacts/${byNumber!.contactId}`)).body).toMatchObject({ number, lid });
  }, 120_000);

  it('the events the beta connector emits (connector/test/lid-contacts.test.ts) into the ingest: LID alone, lidMapping twice, then the number: one contact, one ticket', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'LidBeta');
    const whatsappId = await connectSandbox(admin);
    const companyId = company.companyId as number;
    const lid = '140000000000003@lid';
    const pn = '5511970000003@s.whatsapp.net';
    const at = (n: number) => new Date(Date.now() + n).toISOString();
    const says = (messageId: string, body: string, ids: Record<string, string>, n: number): InboundEvent => ({
      kind: 'message', companyId, whatsappId, isGroup: false, timestamp: at(n), messageId, fromMe: false, type: 'text', body, pushName: 'Lucía', chatJid: ids.pn ?? ids.lid!, ...ids,
    });
    const mapping: InboundEvent = { kind: 'lidMapping', companyId, whatsappId, chatJid: pn, isGroup: false, timestamp: at(1), lid, pn };

    await ingestEvent(says('LIDBETA00000001', 'hola', { lid }, 0));
    const [ticket] = await pendingTicketsOf<Ticket>(admin, ['140000000000003']);
    await ingestEvent(mapping);
    await ingestEvent(mapping);
    await ingestEvent(says('LIDBETA00000002', 'sigo aquí', { lid, pn }, 2));
    expect(await messageIds(admin, ticket!.id)).toEqual(['LIDBETA00000001', 'LIDBETA00000002']);
    expect((await admin.get<Contact>(`/contacts/${ticket!.contactId}`)).body).toMatchObject({ number: '5511970000003', lid: '140000000000003', lidOnly: false });
    const pending = (await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true')).body.tickets;
    expect(pending.map((t) => [t.id, t.contact?.number])).toEqual([[ticket!.id, '5511970000003']]);
  }, 120_000);
});
