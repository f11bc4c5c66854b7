import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, customerWrites } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * Which ticket a customer's message lands in, through the whole path (sandbox → connector →
 * ingest). The ingest reads a chat's contact and ticket together, starting from where the chat's
 * previous message went (AP-IN-1): these cases change the ticket in between, so that starting
 * point is out of date and must not be trusted.
 */
let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = { id: number; status: string; contactId: number; unreadMessages: number; lastMessage: string };
type Page = { messages: { id: string; body: string }[] };

describe('a customer writing again', () => {
  it('reopens the resolved ticket as pending and stores the message in it once', async () => {
    const { admin, whatsappId, ticket } = await companyWithPendingTicket<Ticket>(env, 'Reabrir', '5511960000001');
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    expect((await admin.get(`/messages/${ticket.id}`)).status).toBe(200); // read: no unread left
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);

    await customerWrites(admin, whatsappId, { from: '5511960000001', name: 'Cliente', body: 'otra vez yo', id: 'Reabrir-2' });
    const reopened = await until(async () => {
      const answer = await admin.get<Ticket>(`/tickets/${ticket.id}`);
      return answer.body.status === 'pending' && answer.body.lastMessage === 'otra vez yo' ? answer.body : undefined;
    }, 'the ticket reopened with the message');
    expect(reopened.unreadMessages).toBe(1);
    const page = await admin.get<Page>(`/messages/${ticket.id}`);
    expect(page.body.messages.map((m) => m.id)).toEqual(['Reabrir-1', 'Reabrir-2']);
  });

  it('goes to the ticket an agent opened for the contact after the old one was resolved', async () => {
    const { admin, company, whatsappId, ticket } = await companyWithPendingTicket<Ticket>(env, 'Nuevo', '5511960000002');
    const { body: full } = await admin.get<Ticket>(`/tickets/${ticket.id}`);
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    const fresh = await admin.post<Ticket>('/tickets', { contactId: full.contactId, status: 'open', userId: company.user.id, whatsappId });
    expect(fresh.status).toBe(201);

    await customerWrites(admin, whatsappId, { from: '5511960000002', name: 'Cliente', body: 'sigo aquí', id: 'Nuevo-2' });
    const landed = await until(async () => {
      const page = await admin.get<Page>(`/messages/${fresh.body.id}`);
      return page.body.messages.some((m) => m.id === 'Nuevo-2') ? page.body : undefined;
    }, 'the message in the new ticket');
    expect(landed.messages.map((m) => m.id)).toEqual(['Nuevo-2']);
    const old = await admin.get<Ticket>(`/tickets/${ticket.id}`);
    expect(old.body.status).toBe('closed');
    expect((await admin.get<Page>(`/messages/${ticket.id}`)).body.messages.map((m) => m.id)).toEqual(['Nuevo-1']);
  });
});
