import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket } from './support/sandbox.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Note = { id: number; note: string; ticketId: number; contactId: number; userId: number; user: { id: number; name: string }; createdAt: string };
type Ticket = { id: number; contactId: number };

/** A company with a connected sandbox connection and a pending ticket from one customer. */
const companyWithTicket = (label: string) => companyWithPendingTicket<Ticket>(env, label, '5511950000001');

describe('ticket notes', () => {
  it('adds notes with their author, lists them newest first and checks the texts', async () => {
    const { admin, company, ticket } = await companyWithTicket('Notas');
    const { agent, userId } = await agentOf(admin, company.companyId, 'nota');
    const { contactId } = ticket;

    const missing = await agent.post('/ticket-notes', { ticketId: ticket.id, contactId });
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'note', message: 'Requerido' }] });
    const short = await agent.post('/ticket-notes', { note: 'a', ticketId: ticket.id, contactId });
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'note', message: 'muy corto' }] });
    const wrongContact = await agent.post('/ticket-notes', { note: 'otra', ticketId: ticket.id, contactId: contactId + 100 });
    expect(wrongContact.status).toBe(400);

    const first = await agent.post<Note>('/ticket-notes', { note: 'Llamar el lunes', ticketId: ticket.id, contactId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: 'Llamar el lunes', ticketId: ticket.id, contactId, user: { id: userId, name: 'Agente nota' } });
    const second = await admin.post<Note>('/ticket-notes', { note: 'Cliente VIP', ticketId: ticket.id, contactId: String(contactId) });
    expect(second.status).toBe(201);

    const list = await agent.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId}`);
    expect(list.body.map((n) => n.note)).toEqual(['Cliente VIP', 'Llamar el lunes']);
    expect(list.body[0]!.user).toEqual({ id: company.user.id, name: expect.any(String) });
    expect((await agent.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId + 100}`)).body).toEqual([]);
    expect((await agent.get(`/ticket-notes/list?ticketId=${ticket.id}`)).status).toBe(400);
  });

  it('lets the author or an admin delete a note, nobody else', async () => {
    const { admin, company, ticket } = await companyWithTicket('Borrado');
    const author = await agentOf(admin, company.companyId, 'autor');
    const other = await agentOf(admin, company.companyId, 'otro');
    const mine = (await author.agent.post<Note>('/ticket-notes', { note: 'Mía', ticketId: ticket.id, contactId: ticket.contactId })).body;
    const another = (await author.agent.post<Note>('/ticket-notes', { note: 'También mía', ticketId: ticket.id, contactId: ticket.contactId })).body;

    expect((await other.agent.delete(`/ticket-notes/${mine.id}`)).status).toBe(403);
    expect((await author.agent.delete(`/ticket-notes/${mine.id}`)).status).toBe(204);
    expect((await author.agent.delete(`/ticket-notes/${mine.id}`)).status).toBe(404);
    expect((await admin.delete(`/ticket-notes/${another.id}`)).status).toBe(204);
    expect((await admin.get<Note[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body).toEqual([]);
  });

  it('needs the right to see the ticket', async () => {
    const { admin, company, ticket } = await companyWithTicket('NotaPermiso');
    const blind = await agentOf(admin, company.companyId, 'ciega', { allTicket: 'desabled' });
    await admin.post('/ticket-notes', { note: 'Privada del equipo', ticketId: ticket.id, contactId: ticket.contactId });
    expect((await blind.agent.post('/ticket-notes', { note: 'hola', ticketId: ticket.id, contactId: ticket.contactId })).status).toBe(403);
    const list = await blind.agent.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
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
