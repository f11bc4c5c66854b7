import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Note = { id: number; note: string; ticketId: number; contactId: number; userId: number; user: { id: number; name: string }; createdAt: string };

/** A company with a connected sandbox connection and a pending ticket from one customer. */
async function companyWithTicket(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const { body: wa } = await admin.post<{ id: number }>('/whatsapp', { name: 'Sandbox', provider: 'sandbox', isDefault: true });
  await until(async () => ((await admin.get<{ status: string }>(`/whatsapp/${wa.id}`)).body.status === 'qrcode' ? true : undefined), 'QR');
  await admin.post(`/sandbox/${wa.id}/scan`);
  await until(async () => ((await admin.get<{ status: string }>(`/whatsapp/${wa.id}`)).body.status === 'CONNECTED' ? true : undefined), 'CONNECTED');
  await admin.post(`/sandbox/${wa.id}/inbound`, { from: '5511950000001', name: 'Cliente', body: 'hola', id: `${label}-1` });
  const ticket = await until(async () => {
    const list = await admin.get<{ tickets: { id: number; contactId: number }[] }>('/tickets?status=pending&showAll=true');
    return list.body.tickets[0];
  }, 'the pending ticket');
  return { admin, company, ticket };
}

async function userOf(admin: ApiClient, companyId: number, name: string, overrides: Record<string, unknown> = {}) {
  const email = `${name}-${companyId}@example.com`;
  const created = await admin.post<{ id: number }>('/users', { name: `Agente ${name}`, email, password: 'secret1', profile: 'user', allTicket: 'enabled', queueIds: [], ...overrides });
  const client = env.client();
  await client.login(email, 'secret1');
  return { client, userId: created.body.id };
}

describe('ticket notes', () => {
  it('adds notes with their author, lists them newest first and checks the texts', async () => {
    const { admin, company, ticket } = await companyWithTicket('Notas');
    const agent = await userOf(admin, company.companyId, 'nota');
    const { contactId } = ticket;

    const missing = await agent.client.post('/ticket-notes', { ticketId: ticket.id, contactId });
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'note', message: 'Requerido' }] });
    const short = await agent.client.post('/ticket-notes', { note: 'a', ticketId: ticket.id, contactId });
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'note', message: 'muy corto' }] });
    const wrongContact = await agent.client.post('/ticket-notes', { note: 'otra', ticketId: ticket.id, contactId: contactId + 100 });
    expect(wrongContact.status).toBe(400);

    const first = await agent.client.post<Note>('/ticket-notes', { note: 'Llamar el lunes', ticketId: ticket.id, contactId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: 'Llamar el lunes', ticketId: ticket.id, contactId, user: { id: agent.userId, name: 'Agente nota' } });
    const second = await admin.post<Note>('/ticket-notes', { note: 'Cliente VIP', ticketId: ticket.id, contactId: String(contactId) });
    expect(second.status).toBe(201);

    const list = await agent.client.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId}`);
    expect(list.body.map((n) => n.note)).toEqual(['Cliente VIP', 'Llamar el lunes']);
    expect(list.body[0]!.user).toEqual({ id: company.user.id, name: expect.any(String) });
    expect((await agent.client.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId + 100}`)).body).toEqual([]);
    expect((await agent.client.get(`/ticket-notes/list?ticketId=${ticket.id}`)).status).toBe(400);
  });

  it('lets the author or an admin delete a note, nobody else', async () => {
    const { admin, company, ticket } = await companyWithTicket('Borrado');
    const author = await userOf(admin, company.companyId, 'autor');
    const other = await userOf(admin, company.companyId, 'otro');
    const mine = (await author.client.post<Note>('/ticket-notes', { note: 'Mía', ticketId: ticket.id, contactId: ticket.contactId })).body;
    const another = (await author.client.post<Note>('/ticket-notes', { note: 'También mía', ticketId: ticket.id, contactId: ticket.contactId })).body;

    expect((await other.client.delete(`/ticket-notes/${mine.id}`)).status).toBe(403);
    expect((await author.client.delete(`/ticket-notes/${mine.id}`)).status).toBe(204);
    expect((await author.client.delete(`/ticket-notes/${mine.id}`)).status).toBe(404);
    expect((await admin.delete(`/ticket-notes/${another.id}`)).status).toBe(204);
    expect((await admin.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body).toEqual([]);
  });

  it('needs the right to see the ticket', async () => {
    const { admin, company, ticket } = await companyWithTicket('NotaPermiso');
    const blind = await userOf(admin, company.companyId, 'ciega', { allTicket: 'desabled' });
    await admin.post('/ticket-notes', { note: 'Privada del equipo', ticketId: ticket.id, contactId: ticket.contactId });
    expect((await blind.client.post('/ticket-notes', { note: 'hola', ticketId: ticket.id, contactId: ticket.contactId })).status).toBe(403);
    const list = await blind.client.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
    expect(list.status).toBe(403);
    expect(JSON.stringify(list.body)).not.toContain('Privada');
  });

  it("never shows or touches another company's notes", async () => {
    const { admin, ticket } = await companyWithTicket('NotaPropia');
    const note = (await admin.post<Note>('/ticket-notes', { note: 'Confidencial', ticketId: ticket.id, contactId: ticket.contactId })).body;
    const other = env.client();
    await signUpCompany(other, 'NotaAjena');
    for (const [method, path, body] of [
      ['GET', `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`, undefined],
      ['POST', '/ticket-notes', { note: 'intrusa', ticketId: ticket.id, contactId: ticket.contactId }],
      ['DELETE', `/ticket-notes/${note.id}`, undefined],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Confidencial');
    }
    expect((await admin.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body.map((n) => n.note)).toEqual(['Confidencial']);
  });
});
