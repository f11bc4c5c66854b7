import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets, connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { listedTicketIds, sorted } from './support/tickets.ts';
import { until } from './support/until.ts';

/**
 * The inbox's "done when" guarantees that tickets.integration.test.ts and the tags, notes, quick
 * messages and contacts files leave open: the rest of the transition table (transfers, resolving
 * from pending, what is refused), accept and create races with many callers, visibility by role
 * with queues, a cross-company probe of every inbox route, unread counts, search within a tab,
 * and sending exactly once even when the connector's command comes twice.
 */
let env: TestRuntime;


beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = {
  id: number;
  uuid: string;
  status: 'pending' | 'open' | 'closed';
  userId: number | null;
  queueId: number | null;
  contactId: number;
  unreadMessages: number;
  lastMessage: string;
  contact: { number: string } | null;
};
type TicketPage = { tickets: Ticket[]; count: number; hasMore: boolean };
type Message = { id: string; body: string; fromMe: boolean; ack: number; isDeleted: boolean };

async function queueOf(admin: ApiClient, name: string, color: string): Promise<number> {
  const created = await admin.post<{ id: number }>('/queue', { name, color });
  if (created.status !== 201)
    throw new Error(`queue ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

describe('the transition table', () => {
  it('transfers to a user, to a queue, back to pending, and resolves from pending', async () => {
    const { admin, company, tickets } = await companyWithTickets<Ticket>(env, 'Traspaso', [
      '5511981000001',
      '5511981000002',
    ]);
    const [ticket, other] = tickets as [Ticket, Ticket];
    const sales = await queueOf(admin, 'Ventas', '#0a7cff');
    const support = await queueOf(admin, 'Soporte', '#e91e63');
    const ana = await agentOf(admin, company.companyId, 'ana');
    const beto = await agentOf(admin, company.companyId, 'beto');

    // pending → open for someone else: an agent hands it over without taking it.
    const handed = await ana.agent.put<Ticket>(`/tickets/${ticket.id}`, { userId: beto.userId });
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ status: 'open', userId: beto.userId, queueId: null });
    expect(await listedTicketIds(beto.agent, 'status=open')).toEqual([ticket.id]);
    expect(await listedTicketIds(ana.agent, 'status=open')).toEqual([]);
    // ana no longer reaches it: it is beto's open ticket, outside any queue of hers.
    expect((await ana.agent.get(`/tickets/${ticket.id}`)).status).toBe(403);
    expect((await ana.agent.put(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(403);

    // open → open with another user and a queue.
    const toAna = await beto.agent.put<Ticket>(`/tickets/${ticket.id}`, {
      userId: ana.userId,
      queueId: sales,
    });
    expect(toAna.body).toMatchObject({ status: 'open', userId: ana.userId, queueId: sales });
    // open → another queue without a user: pending in that queue, out of ana's reach.
    const toSupport = await ana.agent.put<Ticket>(`/tickets/${ticket.id}`, {
      queueId: support,
      userId: null,
    });
    expect(toSupport.body).toMatchObject({ status: 'pending', userId: null, queueId: support });
    expect((await ana.agent.get(`/tickets/${ticket.id}`)).status).toBe(403);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&queueIds=[${support}]`)).toEqual([ticket.id]);
    // pending → no queue.
    const unqueued = await admin.put<Ticket>(`/tickets/${ticket.id}`, { queueId: null });
    expect(unqueued.body).toMatchObject({ status: 'pending', userId: null, queueId: null });

    // pending → closed (resolving without accepting); a closed ticket refuses everything but reopen.
    const resolved = await admin.put<Ticket>(`/tickets/${other.id}`, { status: 'closed' });
    expect(resolved.body).toMatchObject({ status: 'closed', userId: company.user.id });
    for (const change of [
      { status: 'pending' },
      { status: 'closed' },
      { userId: ana.userId },
      { queueId: sales },
    ]) {
      expect((await admin.put(`/tickets/${other.id}`, change)).status, JSON.stringify(change)).toBe(400);
    }
    // pending → pending, and open → open, are no transitions.
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'pending' })).status).toBe(400);
    // A user or connection that does not exist is refused, and nothing moves.
    expect((await admin.put(`/tickets/${ticket.id}`, { userId: 999_999 })).status).toBe(404);
    expect(
      (await admin.put(`/tickets/${ticket.id}`, { userId: ana.userId, whatsappId: 999_999 })).status,
    ).toBe(404);
    expect((await admin.get<Ticket>(`/tickets/${ticket.id}`)).body).toMatchObject({
      status: 'pending',
      userId: null,
      queueId: null,
    });
    // Reopening needs the right to see the closed ticket; it opens for whoever reopens it.
    expect((await ana.agent.put(`/tickets/${other.id}`, { status: 'open' })).status).toBe(403);
    const reopened = await admin.put<Ticket>(`/tickets/${other.id}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', userId: company.user.id });
    expect((await admin.put(`/tickets/${other.id}`, { status: 'open' })).status).toBe(400);
  });

  it('lets only one of five agents win an accept, and leaves the ticket with the winner', async () => {
    const { admin, company, tickets } = await companyWithTickets<Ticket>(env, 'CarreraCinco', ['5511981000003']);
    const ticket = tickets[0]!;
    const agents = [];
    for (const name of ['c1', 'c2', 'c3', 'c4', 'c5'])
      agents.push(await agentOf(admin, company.companyId, name));
    const answers = await Promise.all(
      agents.map(({ agent, userId }) =>
        agent.put<Ticket | { error: string }>(`/tickets/${ticket.id}`, { status: 'open', userId }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect([403, 409]).toContain(loser.status);
      expect(['ERR_TICKET_CONFLICT', 'ERR_NO_PERMISSION']).toContain((loser.body as { error: string }).error);
    }
    const winner = agents[answers.indexOf(winners[0]!)]!;
    expect((await admin.get<Ticket>(`/tickets/${ticket.id}`)).body).toMatchObject({
      status: 'open',
      userId: winner.userId,
    });
    expect(await listedTicketIds(winner.agent, 'status=open')).toEqual([ticket.id]);
    for (const other of agents.filter((a) => a !== winner))
      expect(await listedTicketIds(other.agent, 'status=open')).toEqual([]);
  });

  it('creates one ticket when two users open the same contact at once; the other hears who holds it', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'CrearCarrera');
    await connectSandbox(admin);
    const contact = (
      await admin.post<{ id: number }>('/contacts', { name: 'Cliente Doble', number: '5511981000004' })
    ).body;
    const queue = await queueOf(admin, 'Soporte', '#7c4dff');
    // Ana works the queue both tickets name, so whichever is refused may see the other's details.
    const ana = await agentOf(admin, company.companyId, 'ana', { queueIds: [queue] });
    const answers = await Promise.all([
      admin.post<Ticket>('/tickets', { contactId: contact.id, status: 'open', userId: company.user.id, queueId: queue }),
      ana.agent.post<Ticket>('/tickets', { contactId: contact.id, status: 'open', queueId: queue }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const created = answers.find((a) => a.status === 201)!.body;
    const refused = answers.find((a) => a.status === 409)!.body as unknown as Record<string, unknown>;
    expect(refused).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticketId: created.id,
      uuid: created.uuid,
      userId: created.userId,
    });
    expect(typeof refused.userName).toBe('string');
    // Exactly one current ticket for the contact.
    const open = await admin.get<TicketPage>('/tickets?status=open&showAll=true');
    expect(open.body.tickets.filter((t) => t.contactId === contact.id).map((t) => t.id)).toEqual([
      created.id,
    ]);
    // A contact of no one's company cannot get a ticket.
    expect((await admin.post('/tickets', { contactId: 999_999, status: 'open' })).status).toBe(404);
  });
});

describe('visibility by role', () => {
  it('shows agents their own and their queues, allTicket the unqueued pending ones, and admins everything with show-all', async () => {
    const { admin, company, tickets } = await companyWithTickets<Ticket>(env, 'Roles', [
      '5511982000001',
      '5511982000002',
      '5511982000003',
    ]);
    const [inSales, inSupport, unqueued] = tickets as [Ticket, Ticket, Ticket];
    const sales = await queueOf(admin, 'Ventas', '#ff5722');
    const support = await queueOf(admin, 'Soporte', '#009688');
    await admin.put(`/tickets/${inSales.id}`, { queueId: sales });
    await admin.put(`/tickets/${inSupport.id}`, { queueId: support });

    const seller = await agentOf(admin, company.companyId, 'vendedor', {
      queueIds: [sales],
      allTicket: 'desabled',
    });
    const helper = await agentOf(admin, company.companyId, 'soporte', {
      queueIds: [support],
      allTicket: 'enabled',
    });
    const nobody = await agentOf(admin, company.companyId, 'nadie', { queueIds: [], allTicket: 'desabled' });

    // Pending: each agent their queues; allTicket adds the tickets without a queue.
    expect(await listedTicketIds(seller.agent, 'status=pending')).toEqual([inSales.id]);
    expect(await listedTicketIds(helper.agent, 'status=pending')).toEqual(sorted(inSupport.id, unqueued.id));
    expect(await listedTicketIds(nobody.agent, 'status=pending')).toEqual([]);
    // A queue filter narrows to the agent's own queues only.
    expect(await listedTicketIds(seller.agent, `status=pending&queueIds=[${support}]`)).toEqual([]);
    expect(await listedTicketIds(helper.agent, `status=pending&queueIds=[${support}]`)).toEqual([inSupport.id]);
    // Single tickets follow the same rule.
    expect((await seller.agent.get(`/tickets/${inSales.id}`)).status).toBe(200);
    expect((await seller.agent.get(`/tickets/${inSupport.id}`)).status).toBe(403);
    expect((await seller.agent.get(`/tickets/${unqueued.id}`)).status).toBe(403);
    expect((await seller.agent.get(`/tickets/u/${inSupport.uuid}`)).status).toBe(403);
    expect((await helper.agent.get(`/tickets/${unqueued.id}`)).status).toBe(200);

    // Open: "assigned to me" is each one's own, even for admins without show-all.
    await seller.agent.put(`/tickets/${inSales.id}`, { status: 'open', userId: seller.userId });
    await helper.agent.put(`/tickets/${inSupport.id}`, { status: 'open', userId: helper.userId });
    expect(await listedTicketIds(seller.agent, 'status=open')).toEqual([inSales.id]);
    expect(await listedTicketIds(helper.agent, 'status=open')).toEqual([inSupport.id]);
    expect(await listedTicketIds(admin, 'status=open')).toEqual([]);
    expect(await listedTicketIds(seller.agent, 'status=open&showAll=true')).toEqual([inSales.id]);
    // Admins with show-all: everything, or per user, or per queue.
    expect(await listedTicketIds(admin, 'status=open&showAll=true')).toEqual(sorted(inSales.id, inSupport.id));
    expect(await listedTicketIds(admin, `status=open&showAll=true&users=[${helper.userId}]`)).toEqual([inSupport.id]);
    expect(await listedTicketIds(admin, `status=open&showAll=true&queueIds=[${sales}]`)).toEqual([inSales.id]);
    expect(await listedTicketIds(admin, 'status=pending&showAll=true')).toEqual([unqueued.id]);
    // An agent sees another agent's open ticket of their own queue, and not others.
    const colleague = await agentOf(admin, company.companyId, 'colega', {
      queueIds: [sales],
      allTicket: 'desabled',
    });
    expect((await colleague.agent.get(`/tickets/${inSales.id}`)).status).toBe(200);
    expect((await colleague.agent.get(`/tickets/${inSupport.id}`)).status).toBe(403);

    // Closed: own and the queues'.
    await seller.agent.put(`/tickets/${inSales.id}`, { status: 'closed' });
    expect(await listedTicketIds(seller.agent, 'status=closed')).toEqual([inSales.id]);
    expect(await listedTicketIds(colleague.agent, 'status=closed')).toEqual([inSales.id]);
    expect(await listedTicketIds(helper.agent, 'status=closed')).toEqual([]);
    expect(await listedTicketIds(nobody.agent, 'status=closed')).toEqual([]);
    expect(await listedTicketIds(admin, 'status=closed&showAll=true')).toEqual([inSales.id]);
    // Only admins delete.
    expect((await seller.agent.delete(`/tickets/${inSales.id}`)).status).toBe(403);
    expect((await admin.delete(`/tickets/${inSales.id}`)).status).toBe(204);
    expect((await admin.get(`/tickets/${inSales.id}`)).status).toBe(404);
  });
});

describe('company isolation', () => {
  it("answers every inbox route about another company's records with 403 or 404, and never with their data", async () => {
    const { admin, company, whatsappId, tickets } = await companyWithTickets<Ticket>(env, 'Fortaleza', ['5511983000001']);
    const ticket = tickets[0]!;
    const secret = 'SECRETO-FORTALEZA';
    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    const contact = (
      await admin.post<{ id: number }>('/contacts', {
        name: `Contacto ${secret}`,
        number: '5511983000002',
        email: 'secreto@example.com',
      })
    ).body;
    await admin.put(`/contacts/${ticket.contactId}`, { name: `Cliente ${secret}` });
    const reply = (await admin.post<Message>(`/messages/${ticket.id}`, { body: `respuesta ${secret}` })).body;
    const form = new FormData();
    form.append('body', `adjunto ${secret}`);
    form.append('medias', new Blob([`archivo ${secret}`], { type: 'text/plain' }), 'secreto.txt');
    const withFile = (await (
      await fetch(`${env.runtime.url}/api/messages/${ticket.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
    ).json()) as Message;
    const tag = (
      await admin.post<{ id: number }>('/tags', { name: `Etiqueta ${secret}`, color: '#123456', kanban: 1 })
    ).body;
    await admin.post('/tags/sync', { ticketId: ticket.id, tags: [{ id: tag.id }] });
    const note = (
      await admin.post<{ id: number }>('/ticket-notes', {
        note: `nota ${secret}`,
        ticketId: ticket.id,
        contactId: ticket.contactId,
      })
    ).body;
    const quick = (
      await admin.post<{ id: number }>('/quick-messages', {
        shortcode: 'secreta',
        message: `rápida ${secret}`,
        geral: true,
      })
    ).body;
    const quickFile = new FormData();
    quickFile.append('file', new Blob([`adjunto ${secret}`], { type: 'text/plain' }), 'rapida.txt');
    await fetch(`${env.runtime.url}/api/quick-messages/${quick.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: quickFile,
    });
    await until(
      async () => ((await outboxOf(admin, whatsappId, '5511983000001')).length === 2 ? true : undefined),
      'the replies sent',
    );

    // The intruder: a company of its own, with nothing in it, so every id above is someone else's.
    const intruder = env.client();
    await signUpCompany(intruder, 'Intrusa');
    const probes: [string, string, unknown?][] = [
      ['GET', `/tickets/${ticket.id}`],
      ['GET', `/tickets/u/${ticket.uuid}`],
      ['PUT', `/tickets/${ticket.id}`, { status: 'closed' }],
      ['PUT', `/tickets/${ticket.id}`, { userId: company.user.id }],
      ['DELETE', `/tickets/${ticket.id}`],
      ['POST', '/tickets', { contactId: ticket.contactId, status: 'open' }],
      ['GET', `/messages/${ticket.id}`],
      ['POST', `/messages/${ticket.id}`, { body: 'intrusión' }],
      ['DELETE', `/messages/${reply.id}`],
      ['GET', `/messages/media/${withFile.id}`],
      ['GET', `/contacts/${contact.id}`],
      ['PUT', `/contacts/${contact.id}`, { name: 'Robado' }],
      ['DELETE', `/contacts/${contact.id}`],
      ['GET', `/tags/${tag.id}`],
      ['PUT', `/tags/${tag.id}`, { name: 'Robada' }],
      ['DELETE', `/tags/${tag.id}`],
      ['POST', '/tags/sync', { ticketId: ticket.id, tags: [] }],
      ['PUT', `/ticket-tags/${ticket.id}/${tag.id}`, {}],
      ['DELETE', `/ticket-tags/${ticket.id}`],
      ['GET', `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`],
      ['POST', '/ticket-notes', { note: 'intrusa', ticketId: ticket.id, contactId: ticket.contactId }],
      ['DELETE', `/ticket-notes/${note.id}`],
      ['GET', `/quick-messages/${quick.id}`],
      ['GET', `/quick-messages/${quick.id}/media`],
      ['PUT', `/quick-messages/${quick.id}`, { message: 'robada' }],
      ['DELETE', `/quick-messages/${quick.id}/media-upload`],
      ['DELETE', `/quick-messages/${quick.id}`],
      ['GET', `/sandbox/${whatsappId}/outbox?to=5511983000001`],
      ['POST', `/sandbox/${whatsappId}/inbound`, { from: '5511983000009', body: 'intrusión' }],
    ];
    for (const [method, path, body] of probes) {
      const answer = await intruder.call(method, path, body);
      expect([403, 404], `${method} ${path}: ${answer.status}`).toContain(answer.status);
      expect(JSON.stringify(answer.body ?? ''), `${method} ${path}`).not.toContain(secret);
    }
    const upload = new FormData();
    upload.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    const uploaded = await fetch(`${env.runtime.url}/api/quick-messages/${quick.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${intruder.token}` },
      body: upload,
    });
    expect([403, 404]).toContain(uploaded.status);

    // Every list of the intruder is empty of the owner's records.
    const lists = [
      '/tickets?status=open&showAll=true',
      '/tickets?status=pending&showAll=true',
      '/tickets?status=closed&showAll=true',
      `/tickets?searchParam=${secret}`,
      `/tickets?tags=[${tag.id}]`,
      '/contacts',
      `/contacts?searchParam=${secret}`,
      '/contacts/list',
      '/tags',
      '/tags/list',
      '/tags/kanban',
      '/quick-messages',
      '/quick-messages/list',
    ];
    for (const path of lists) {
      const answer = await intruder.get(path);
      expect(answer.status, path).toBeLessThan(500);
      expect(JSON.stringify(answer.body ?? ''), path).not.toContain(secret);
    }
    const exported = await fetch(`${env.runtime.url}/api/contacts/export`, {
      headers: { authorization: `Bearer ${intruder.token}` },
    });
    expect(await exported.text()).not.toContain(secret);

    // Nothing moved on the owner's side, and the customer heard nothing from the intruder.
    expect((await admin.get<Ticket>(`/tickets/${ticket.id}`)).body).toMatchObject({
      status: 'open',
      userId: company.user.id,
    });
    expect((await admin.get<{ name: string }>(`/contacts/${contact.id}`)).body.name).toBe(
      `Contacto ${secret}`,
    );
    expect((await admin.get<{ name: string; ticketsCount: number }>(`/tags/${tag.id}`)).body).toMatchObject({
      name: `Etiqueta ${secret}`,
      ticketsCount: 1,
    });
    expect(
      (
        await admin.get<{ note: string }[]>(
          `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
        )
      ).body.map((n) => n.note),
    ).toEqual([`nota ${secret}`]);
    expect(
      (await admin.get<{ message: string; mediaName: string | null }>(`/quick-messages/${quick.id}`)).body,
    ).toMatchObject({ message: `rápida ${secret}`, mediaName: 'rapida.txt' });
    const messages = (await admin.get<{ messages: Message[] }>(`/messages/${ticket.id}`)).body.messages;
    expect(messages.find((m) => m.id === reply.id)).toMatchObject({
      isDeleted: false,
      body: `respuesta ${secret}`,
    });
    expect(messages.some((m) => m.body.includes('intrusión'))).toBe(false);
    expect((await outboxOf(admin, whatsappId, '5511983000001')).map((m) => m.body)).toEqual([
      `respuesta ${secret}`,
      `adjunto ${secret}`,
    ]);
    expect((await admin.get<TicketPage>('/tickets?status=pending&showAll=true')).body.tickets).toEqual([]);
  });
});

describe('unread counts', () => {
  it('counts what the customer sent since the agent last read, filters by it, and clears on reading', async () => {
    const { admin, whatsappId, tickets } = await companyWithTickets<Ticket>(env, 'NoLeidos', [
      '5511984000001',
      '5511984000002',
    ]);
    const [noisy, quiet] = tickets as [Ticket, Ticket];
    for (const n of [2, 3, 4])
      await customerWrites(admin, whatsappId, {
        from: '5511984000001',
        body: `mensaje ${n}`,
        id: `NoLeidos-extra-${n}`,
      });
    const counted = await until(async () => {
      const found = (await admin.get<Ticket>(`/tickets/${noisy.id}`)).body;
      return found.unreadMessages === 4 ? found : undefined;
    }, 'four unread messages');
    expect(counted.lastMessage).toBe('mensaje 4');
    // Reading the quiet one leaves it out of the unread filter; the noisy one stays.
    expect((await admin.get(`/messages/${quiet.id}`)).status).toBe(200);
    expect(await listedTicketIds(admin, 'status=pending&showAll=true&withUnreadMessages=true')).toEqual([noisy.id]);
    expect(await listedTicketIds(admin, 'status=pending&showAll=true')).toEqual(sorted(noisy.id, quiet.id));
    // The agent's own replies are not unread, and a later page of history does not clear anything.
    await admin.put(`/tickets/${noisy.id}`, { status: 'open' });
    await admin.post(`/messages/${noisy.id}`, { body: 'ya le atiendo' });
    expect((await admin.get(`/messages/${noisy.id}?pageNumber=2`)).status).toBe(200);
    expect((await admin.get<Ticket>(`/tickets/${noisy.id}`)).body.unreadMessages).toBe(4);
    // Reading the first page clears it.
    await admin.get(`/messages/${noisy.id}`);
    expect((await admin.get<Ticket>(`/tickets/${noisy.id}`)).body.unreadMessages).toBe(0);
    expect(await listedTicketIds(admin, 'status=open&showAll=true&withUnreadMessages=true')).toEqual([]);
    // A new message counts again from one.
    await customerWrites(admin, whatsappId, {
      from: '5511984000001',
      body: 'otra pregunta',
      id: 'NoLeidos-extra-5',
    });
    await until(
      async () =>
        (await admin.get<Ticket>(`/tickets/${noisy.id}`)).body.unreadMessages === 1 ? true : undefined,
      'one unread message',
    );
    expect(await listedTicketIds(admin, 'status=open&showAll=true&withUnreadMessages=true')).toEqual([noisy.id]);
  });
});

describe('search', () => {
  it('searches within the asked tab and pages the results', async () => {
    const customers = Array.from({ length: 3 }, (_, i) => `55119850000${String(i).padStart(2, '0')}`);
    const { admin, whatsappId, tickets } = await companyWithTickets<Ticket>(env, 'Buscar', customers);
    for (const [i, from] of customers.entries()) {
      await customerWrites(admin, whatsappId, {
        from,
        body: `consulta sobre garantía ${i}`,
        id: `Buscar-word-${i}`,
      });
    }
    const all = tickets.map((t) => t.id).sort((a, b) => a - b);
    const search = async (query: string) =>
      (await admin.get<TicketPage>(`/tickets?searchParam=garantia&${query}`)).body;
    await until(
      async () => ((await search('')).tickets.length === 3 ? true : undefined),
      'the indexed words',
    );
    await admin.put(`/tickets/${tickets[0]!.id}`, { status: 'open' });
    await admin.put(`/tickets/${tickets[1]!.id}`, { status: 'closed' });
    expect((await search('status=open')).tickets.map((t) => t.id)).toEqual([tickets[0]!.id]);
    expect((await search('status=closed')).tickets.map((t) => t.id)).toEqual([tickets[1]!.id]);
    expect((await search('status=pending')).tickets.map((t) => t.id)).toEqual([tickets[2]!.id]);
    const everything = await search('');
    expect(everything.tickets.map((t) => t.id).sort((a, b) => a - b)).toEqual(all);
    expect(everything).toMatchObject({ count: 3, hasMore: false });
    expect((await search('pageNumber=2')).tickets).toEqual([]);
  });
});

describe('sending', () => {
  it('sends each reply once, even when the connector gets the command twice or was stopped', async () => {
    const { admin, company, whatsappId, tickets } = await companyWithTickets<Ticket>(env, 'EnvioUnico', ['5511986000001']);
    const ticket = tickets[0]!;
    await admin.put(`/tickets/${ticket.id}`, { status: 'open' });
    const first = (await admin.post<Message>(`/messages/${ticket.id}`, { body: 'primera respuesta' })).body;
    await until(
      async () => ((await outboxOf(admin, whatsappId, '5511986000001')).length === 1 ? true : undefined),
      'the first reply',
    );
    await until(async () => {
      const listed = (await admin.get<{ messages: Message[] }>(`/messages/${ticket.id}`)).body.messages;
      return listed.find((m) => m.id === first.id)?.ack === 1 ? true : undefined;
    }, 'ack 1');

    // The same send command again, as a queue redelivery would bring it (a new deduplication id).
    const { companyId } = company;
    await env.runtime.queue.send('connector-commands', {
      body: JSON.stringify({
        type: 'sendMessage',
        commandId: `again-${first.id}`,
        companyId,
        whatsappId,
        messageId: first.id,
        ticketId: ticket.id,
        to: '5511986000001@s.whatsapp.net',
        body: 'primera respuesta',
      }),
      groupId: `${companyId}:${whatsappId}`,
      deduplicationId: `${companyId}:again-${first.id}`,
    });

    // Replies written while the connector is down go out once it is back, each once, in order.
    await env.runtime.connector.stop();
    const later: Message[] = [];
    for (const text of ['segunda', 'tercera'])
      later.push((await admin.post<Message>(`/messages/${ticket.id}`, { body: text })).body);
    await env.runtime.connector.start();
    const outbox = await until(async () => {
      const sent = await outboxOf(admin, whatsappId, '5511986000001');
      return sent.length >= 3 ? sent : undefined;
    }, 'the later replies');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const settled = await outboxOf(admin, whatsappId, '5511986000001');
    expect(settled).toEqual(outbox);
    expect(settled.map((m) => [m.id, m.body])).toEqual([
      [first.id, 'primera respuesta'],
      [later[0]!.id, 'segunda'],
      [later[1]!.id, 'tercera'],
    ]);
    const stored = (await admin.get<{ messages: Message[] }>(`/messages/${ticket.id}`)).body.messages.filter(
      (m) => m.fromMe,
    );
    expect(stored.map((m) => m.body)).toEqual(['primera respuesta', 'segunda', 'tercera']);
  });
});
