import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = { id: number; uuid: string; status: string; userId: number | null; queueId: number | null; contact: { name: string } | null; unreadMessages: number };

describe('tickets', () => {
  it('walks the transition table: accept, return, accept, resolve, reopen', async () => {
    const { admin, company, ticket } = await companyWithPendingTicket<Ticket>(env, 'Transiciones');
    const { agent, userId } = await agentOf(admin, company.companyId, 'ana');
    expect(ticket.status).toBe('pending');
    expect(ticket.contact?.name).toBe('Cliente');
    expect(ticket.unreadMessages).toBe(1);

    const accepted = await agent.put<Ticket>(`/tickets/${ticket.id}`, { status: 'open', userId });
    expect(accepted.body).toMatchObject({ status: 'open', userId });
    const mine = await agent.get<{ tickets: Ticket[]; count: number }>('/tickets?status=open');
    expect(mine.body.tickets.map((t) => t.id)).toEqual([ticket.id]);
    expect(mine.body.count).toBe(1);

    const returned = await agent.put<Ticket>(`/tickets/${ticket.id}`, { status: 'pending', userId: null });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null });
    expect((await agent.get<{ tickets: Ticket[] }>('/tickets?status=open')).body.tickets).toEqual([]);

    await agent.put(`/tickets/${ticket.id}`, { status: 'open', userId });
    const resolved = await agent.put<Ticket>(`/tickets/${ticket.id}`, { status: 'closed' });
    expect(resolved.body.status).toBe('closed');
    const closedList = await agent.get<{ tickets: Ticket[] }>('/tickets?status=closed');
    expect(closedList.body.tickets.map((t) => t.id)).toContain(ticket.id);

    const reopened = await admin.put<Ticket>(`/tickets/${ticket.id}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', userId: company.user.id });
    const invalid = await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    expect(invalid.status).toBe(400);
  });

  it("shows the contact's new name and number on its open and pending tickets, and no contact once it is deleted", async () => {
    // The lists show the contact from the ticket's own snapshot (issue #26): a change of the
    // contact must reach its tickets, whatever status they are in.
    const { admin, company, ticket } = await companyWithPendingTicket<Ticket & { contactId: number }>(env, 'Renombre', '5511980000077');
    type Listed = { id: number; contact: { id: number; name: string; number: string } | null };
    const pendingContact = async () =>
      (await admin.get<{ tickets: Listed[] }>('/tickets?status=pending&showAll=true')).body.tickets.find((t) => t.id === ticket.id)?.contact;
    expect(await pendingContact()).toMatchObject({ id: ticket.contactId, name: 'Cliente', number: '5511980000077' });

    expect((await admin.put(`/contacts/${ticket.contactId}`, { name: 'Cliente Renombrado' })).status).toBe(200);
    expect(await pendingContact()).toMatchObject({ id: ticket.contactId, name: 'Cliente Renombrado', number: '5511980000077' });

    // Accepted, it is the admin's open ticket: the same contact there.
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.user.id })).status).toBe(200);
    expect((await admin.put(`/contacts/${ticket.contactId}`, { name: 'Cliente Otra Vez' })).status).toBe(200);
    const open = await admin.get<{ tickets: Listed[] }>('/tickets?status=open');
    expect(open.body.tickets.find((t) => t.id === ticket.id)?.contact?.name).toBe('Cliente Otra Vez');

    expect((await admin.delete(`/contacts/${ticket.contactId}`)).status).toBe(204);
    const afterDelete = await admin.get<{ tickets: Listed[] }>('/tickets?status=open');
    expect(afterDelete.body.tickets.find((t) => t.id === ticket.id)).toMatchObject({ contact: null });
  });

  it('lets one of two agents accepting at once win, and tells the other', async () => {
    const { admin, company, ticket } = await companyWithPendingTicket<Ticket>(env, 'Carrera');
    const first = await agentOf(admin, company.companyId, 'uno');
    const second = await agentOf(admin, company.companyId, 'dos');
    const answers = await Promise.all([
      first.agent.put(`/tickets/${ticket.id}`, { status: 'open', userId: first.userId }),
      second.agent.put(`/tickets/${ticket.id}`, { status: 'open', userId: second.userId }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // The loser either hit the conditional write (409) or, arriving after, may no longer touch
    // a ticket assigned to someone else (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const loser = answers.find((a) => a.status !== 200)!;
    expect(['ERR_TICKET_CONFLICT', 'ERR_NO_PERMISSION']).toContain((loser.body as { error: string }).error);
  });

  it('answers a second ticket for the same contact with who holds the first', async () => {
    const { admin, company, ticket } = await companyWithPendingTicket<Ticket>(env, 'Conflicto');
    const { agent, userId } = await agentOf(admin, company.companyId, 'tres');
    await agent.put(`/tickets/${ticket.id}`, { status: 'open', userId });
    const full = await admin.get<{ contactId: number }>(`/tickets/${ticket.id}`);
    const conflict = await admin.post('/tickets', { contactId: full.body.contactId, status: 'open', userId: company.user.id });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: ticket.id, userId, userName: 'Agente tres' });

    await agent.put(`/tickets/${ticket.id}`, { status: 'closed' });
    const fresh = await admin.post<Ticket>('/tickets', { contactId: full.body.contactId, status: 'open', userId: company.user.id });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(ticket.id);
    expect((await admin.get<Ticket>(`/tickets/u/${fresh.body.uuid}`)).body.id).toBe(fresh.body.id);
  });

  it('shows agents only what their role allows', async () => {
    const { admin, company, ticket } = await companyWithPendingTicket<Ticket>(env, 'Visibilidad');
    const withAll = await agentOf(admin, company.companyId, 'todos', { allTicket: 'enabled' });
    const without = await agentOf(admin, company.companyId, 'nada', { allTicket: 'desabled' });
    // A pending ticket without a queue: agents with allTicket see it, others do not.
    expect((await withAll.agent.get<{ tickets: Ticket[] }>('/tickets?status=pending')).body.tickets.map((t) => t.id)).toEqual([ticket.id]);
    expect((await without.agent.get<{ tickets: Ticket[] }>('/tickets?status=pending')).body.tickets).toEqual([]);
    expect((await without.agent.get(`/tickets/${ticket.id}`)).status).toBe(403);
    expect((await without.agent.get(`/messages/${ticket.id}`)).status).toBe(403);
    // showAll is an admin permission: an agent asking for it gets their own view.
    expect((await without.agent.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true')).body.tickets).toEqual([]);
    expect((await without.agent.delete(`/tickets/${ticket.id}`)).status).toBe(403);
  });

  it("never shows or changes another company's ticket", async () => {
    const { ticket } = await companyWithPendingTicket<Ticket>(env, 'Propia');
    const other = env.client();
    await signUpCompany(other, 'Ajena');
    for (const [method, path] of [
      ['GET', `/tickets/${ticket.id}`],
      ['GET', `/tickets/u/${ticket.uuid}`],
      ['GET', `/messages/${ticket.id}`],
      ['PUT', `/tickets/${ticket.id}`],
      ['DELETE', `/tickets/${ticket.id}`],
      ['POST', `/messages/${ticket.id}`],
    ] as const) {
      const answer = await other.call(method, path, method === 'PUT' ? { status: 'open' } : method === 'POST' ? { body: 'x' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const lists = await other.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true');
    expect(lists.body.tickets).toEqual([]);
  });

  it('clears the unread count when the ticket is read, and deletes a sent message for everyone', async () => {
    const { admin, whatsappId, ticket } = await companyWithPendingTicket<Ticket>(env, 'Lectura');
    expect(ticket.unreadMessages).toBe(1);
    expect((await admin.get(`/messages/${ticket.id}`)).status).toBe(200);
    expect((await admin.get<Ticket>(`/tickets/${ticket.id}`)).body.unreadMessages).toBe(0);

    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    const sent = await admin.post<{ id: string }>(`/messages/${ticket.id}`, { body: 'mensaje equivocado' });
    await until(
      async () => ((await outboxOf(admin, whatsappId, '5511980000001')).some((m) => m.id === sent.body.id) ? true : undefined),
      'the sent message',
    );
    expect((await admin.delete(`/messages/${sent.body.id}`)).status).toBe(204);
    const listed = await admin.get<{ messages: { id: string; isDeleted: boolean; body: string }[] }>(`/messages/${ticket.id}`);
    expect(listed.body.messages.find((m) => m.id === sent.body.id)).toMatchObject({ isDeleted: true, body: '' });
    const inbound = listed.body.messages.find((m) => m.id !== sent.body.id)!;
    expect((await admin.delete(`/messages/${inbound.id}`)).status).toBe(403);
  });

  it('finds tickets by message words, contact name or number, within what the caller may see', async () => {
    const { admin, company, whatsappId, ticket } = await companyWithPendingTicket<Ticket>(env, 'Busqueda');
    await customerWrites(admin, whatsappId, { from: '5511980000001', body: 'Necesito la FACTURA de marzo', id: 'Busqueda-2' });
    await customerWrites(admin, whatsappId, { from: '5511980000002', name: 'Beatriz Núñez', body: 'otra cosa', id: 'Busqueda-3' });
    const second = await until(async () => {
      const list = await admin.get<{ tickets: Ticket[] }>('/tickets?searchParam=nunez');
      return list.body.tickets[0];
    }, 'the second customer');
    expect(second.id).not.toBe(ticket.id);
    const search = async (client: ApiClient, text: string) =>
      (await client.get<{ tickets: Ticket[] }>(`/tickets?searchParam=${encodeURIComponent(text)}`)).body.tickets.map((t) => t.id);
    expect(await until(async () => ((await search(admin, 'factura')).length ? search(admin, 'factura') : undefined), 'the indexed words')).toEqual([ticket.id]);
    expect(await search(admin, 'fact marz')).toEqual([ticket.id]);
    expect(await search(admin, 'cliente')).toEqual([ticket.id]);
    expect(await search(admin, '80000002')).toEqual([second.id]);
    expect(await search(admin, 'factura otra')).toEqual([]);
    const agent = await agentOf(admin, company.companyId, 'buscador', { allTicket: 'desabled' });
    expect(await search(agent.agent, 'factura')).toEqual([]);
    const other = env.client();
    await signUpCompany(other, 'BusquedaAjena');
    expect(await search(other, 'factura')).toEqual([]);
  });

  it('filters the search tab by tags, alone or with words', async () => {
    const { admin, ticket } = await companyWithPendingTicket<Ticket>(env, 'Etiquetas');
    const vip = await admin.post<{ id: number }>('/tags', { name: 'Cliente VIP', color: '#ff9800' });
    const other = await admin.post<{ id: number }>('/tags', { name: 'Otro tema', color: '#2196f3' });
    expect((await admin.post('/tags/sync', { ticketId: ticket.id, tags: [{ id: vip.body.id }] })).status).toBe(200);
    const ids = async (query: string) => (await admin.get<{ tickets: Ticket[] }>(`/tickets?${query}`)).body.tickets.map((t) => t.id);
    expect(await ids(`tags=[${vip.body.id}]`)).toEqual([ticket.id]);
    expect(await ids(`tags=[${other.body.id}]`)).toEqual([]);
    expect(await ids(`tags=[${vip.body.id}]&searchParam=hola`)).toEqual([ticket.id]);
    expect(await ids(`tags=[${vip.body.id}]&searchParam=adios`)).toEqual([]);
  });
});
