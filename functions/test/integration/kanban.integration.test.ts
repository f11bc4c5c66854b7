import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets } from './support/sandbox.ts';
import { listedTicketIds, sorted } from './support/tickets.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Tag = { id: number; name: string; kanban: 0 | 1; ticketsCount: number };
type Card = {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  contact: { name: string; number: string } | null;
  tags: { id: number }[];
};
type Board = { lanes: { tagId: number | null; tickets: Card[]; hasMore: boolean }[] };
type Moved = { ticketId: number; tags: { id: number; name: string }[] };

/** The board as lane → ticket ids (ascending), Creados as `creados`. */
async function boardOf(api: ApiClient, query = ''): Promise<Record<string, number[]>> {
  const answer = await api.get<Board>(`/ticket/kanban${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(
    answer.body.lanes.map((lane) => [lane.tagId ?? 'creados', sorted(...lane.tickets.map((t) => t.id))]),
  );
}

async function counts(api: ApiClient): Promise<Record<string, number>> {
  const list = await api.get<Tag[]>('/tags/list');
  return Object.fromEntries(list.body.map((tag) => [tag.name, tag.ticketsCount]));
}

const lane = async (admin: ApiClient, name: string) =>
  (await admin.post<Tag>('/tags', { name, kanban: 1 })).body;

describe('kanban', () => {
  it('moves cards between lanes in one call, to and from Creados, in both orders, with the tag counts right', async () => {
    const { admin, tickets } = await companyWithTickets(env, 'Tablero', [
      '5511961000001',
      '5511961000002',
      '5511961000003',
    ]);
    const [one, two, three] = [tickets[0]!, tickets[1]!, tickets[2]!];
    const doing = await lane(admin, 'En curso');
    const done = await lane(admin, 'Hecho');
    const plain = (await admin.post<Tag>('/tags', { name: 'Simple' })).body;
    expect((await admin.get<{ lista: Tag[] }>('/tags/kanban')).body.lista.map((t) => t.name)).toEqual([
      'En curso',
      'Hecho',
    ]);

    // A plain tag does not take a ticket out of Creados.
    await admin.put(`/ticket-tags/${one.id}/${plain.id}`);
    expect(await boardOf(admin)).toEqual({
      creados: sorted(one.id, two.id, three.id),
      [doing.id]: [],
      [done.id]: [],
    });
    const first = await admin.get<Board>('/ticket/kanban');
    const card = first.body.lanes[0]!.tickets.find((t) => t.id === two.id)!;
    expect(card).toMatchObject({
      uuid: expect.any(String),
      lastMessage: 'hola 2',
      contact: { name: 'Cliente 2', number: '5511961000002' },
    });

    // From Creados only adds.
    const toDoing = await admin.post<Moved>(`/ticket-tags/${one.id}/move`, {
      fromTagId: null,
      toTagId: doing.id,
    });
    expect(toDoing.status).toBe(200);
    expect(toDoing.body.tags.map((t) => t.name)).toEqual(['En curso', 'Simple']);
    await admin.post(`/ticket-tags/${two.id}/move`, { fromTagId: null, toTagId: done.id });
    expect(await boardOf(admin)).toEqual({ creados: [three.id], [doing.id]: [one.id], [done.id]: [two.id] });
    expect(await counts(admin)).toEqual({ 'En curso': 1, Hecho: 1, Simple: 1 });

    // Across lanes, both ways: the old lane's tag goes and the new one comes; the plain tag stays.
    const across = await admin.post<Moved>(`/ticket-tags/${one.id}/move`, {
      fromTagId: doing.id,
      toTagId: done.id,
    });
    expect(across.body.tags.map((t) => t.name)).toEqual(['Hecho', 'Simple']);
    await admin.post(`/ticket-tags/${two.id}/move`, { fromTagId: done.id, toTagId: doing.id });
    expect(await boardOf(admin)).toEqual({ creados: [three.id], [doing.id]: [two.id], [done.id]: [one.id] });
    expect(await counts(admin)).toEqual({ 'En curso': 1, Hecho: 1, Simple: 1 });

    // To Creados only removes.
    const back = await admin.post<Moved>(`/ticket-tags/${one.id}/move`, {
      fromTagId: done.id,
      toTagId: null,
    });
    expect(back.body.tags.map((t) => t.name)).toEqual(['Simple']);
    expect(await boardOf(admin)).toEqual({
      creados: sorted(one.id, three.id),
      [doing.id]: [two.id],
      [done.id]: [],
    });
    expect(await counts(admin)).toEqual({ 'En curso': 1, Hecho: 0, Simple: 1 });

    // A stale drag (the card already left that lane) is refused and changes nothing; so is a non-lane tag.
    expect(
      (await admin.post(`/ticket-tags/${one.id}/move`, { fromTagId: done.id, toTagId: doing.id })).body,
    ).toEqual({ error: 'ERR_TICKET_CONFLICT' });
    expect(
      (await admin.post(`/ticket-tags/${one.id}/move`, { fromTagId: null, toTagId: plain.id })).status,
    ).toBe(400);
    expect(
      (await admin.post(`/ticket-tags/${one.id}/move`, { fromTagId: null, toTagId: 99999 })).status,
    ).toBe(400);
    expect((await admin.post(`/ticket-tags/99999/move`, { fromTagId: null, toTagId: doing.id })).status).toBe(
      404,
    );

    // Two people dragging the same card at once: one move wins, the other is refused; counts match.
    const racing = await Promise.all([
      admin.post(`/ticket-tags/${three.id}/move`, { fromTagId: null, toTagId: doing.id }),
      admin.post(`/ticket-tags/${three.id}/move`, { fromTagId: null, toTagId: done.id }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const board = await boardOf(admin);
    expect(board.creados).toEqual([one.id]);
    expect(board[doing.id]!.length + board[done.id]!.length).toBe(2);
    expect(await counts(admin)).toEqual({
      'En curso': board[doing.id]!.length,
      Hecho: board[done.id]!.length,
      Simple: 1,
    });

    // The spec's two calls still work: DELETE clears the ticket's tags, PUT adds one.
    await admin.delete(`/ticket-tags/${two.id}`);
    await admin.put(`/ticket-tags/${two.id}/${done.id}`);
    expect((await boardOf(admin))[done.id]).toContain(two.id);

    // A closed ticket leaves the board (and its tag stays counted on the tag).
    expect((await admin.put(`/tickets/${two.id}`, { status: 'closed' })).status).toBe(200);
    const after = await boardOf(admin);
    expect(Object.values(after).flat()).not.toContain(two.id);
  });

  it('shows each user what their ticket lists show, and pages a lane', async () => {
    const customers = Array.from({ length: 23 }, (_, i) => `55119620000${String(i).padStart(2, '0')}`);
    const { admin, company, tickets } = await companyWithTickets(env, 'Visible', customers);
    const sales = (await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#2196f3' })).body;
    const support = (await admin.post<{ id: number }>('/queue', { name: 'Soporte', color: '#f44336' })).body;
    const me = { id: Number(company.user.id) };
    const { agent, userId: agentId } = await agentOf(admin, company.companyId, 'tablero', {
      allTicket: 'desabled',
      queueIds: [sales.id],
    });
    const doing = await lane(admin, 'En curso');
    const [inSales, inSupport, mine, adminsOwn, closed] = tickets.slice(0, 5).map((t) => t.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    await admin.put(`/tickets/${inSales}`, { queueId: sales.id, userId: null });
    await admin.put(`/tickets/${inSupport}`, { queueId: support.id, userId: null });
    await admin.put(`/tickets/${mine}`, { queueId: sales.id, userId: agentId });
    await admin.put(`/tickets/${adminsOwn}`, { queueId: sales.id, userId: me.id });
    await admin.put(`/tickets/${closed}`, { status: 'closed' });
    await admin.post(`/ticket-tags/${mine}/move`, { fromTagId: null, toTagId: doing.id });

    // The agent: their own open ticket and their queue's pending one; not another queue's, not
    // the admin's open one in their queue (the open list is "assigned to me"), not the queueless.
    const agentBoard = await boardOf(agent, `?queueIds=[${sales.id}]`);
    expect(agentBoard).toEqual({ creados: [inSales], [doing.id]: [mine] });
    const listed = sorted(
      ...(await listedTicketIds(agent, 'status=open')),
      ...(await listedTicketIds(agent, 'status=pending')),
    );
    expect(sorted(...Object.values(agentBoard).flat())).toEqual(listed);
    // Another queue's id in queueIds shows nothing of it.
    expect(await boardOf(agent, `?queueIds=[${support.id}]`)).toEqual({ creados: [], [doing.id]: [mine] });

    // The admin sees every open and pending ticket, never a closed one; Creados pages by 20.
    const first = await admin.get<Board>('/ticket/kanban');
    const creados = first.body.lanes[0]!;
    expect(creados.tickets).toHaveLength(20);
    expect(creados.hasMore).toBe(true);
    const second = await admin.get<Board>('/ticket/kanban?lane=creados&pageNumber=2');
    expect(second.body.lanes).toHaveLength(1);
    expect(second.body.lanes[0]!.hasMore).toBe(false);
    const all = [...creados.tickets, ...second.body.lanes[0]!.tickets].map((t) => t.id);
    expect(sorted(...all)).toEqual(
      sorted(...tickets.map((t) => t.id).filter((id) => id !== closed && id !== mine)),
    );
    expect((await admin.get(`/ticket/kanban?lane=${doing.id}`)).status).toBe(200);
    expect((await admin.get('/ticket/kanban?lane=99999')).status).toBe(404);

    // An agent without the queue cannot move the ticket.
    const { agent: stranger } = await agentOf(admin, company.companyId, 'ajeno', {
      allTicket: 'desabled',
      queueIds: [support.id],
    });
    expect(
      (await stranger.post(`/ticket-tags/${inSales}/move`, { fromTagId: null, toTagId: doing.id })).status,
    ).toBe(403);
  });

  it('keeps a lane with its tickets when they change hands, close and reopen', async () => {
    const { admin, company, tickets } = await companyWithTickets(env, 'Relevo', ['5511963100001', '5511963100002']);
    const sales = (await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#2196f3' })).body;
    const { agent: ana, userId: anaId } = await agentOf(admin, company.companyId, 'ana', {
      allTicket: 'desabled',
      queueIds: [sales.id],
    });
    const { agent: beto, userId: betoId } = await agentOf(admin, company.companyId, 'beto', {
      allTicket: 'desabled',
      queueIds: [sales.id],
    });
    const doing = await lane(admin, 'En curso');
    const [ticket, other] = tickets.map((t) => t.id) as [number, number];
    await admin.put(`/tickets/${ticket}`, { queueId: sales.id, userId: anaId });
    await admin.put(`/tickets/${other}`, { queueId: sales.id, userId: betoId });
    await admin.post(`/ticket-tags/${ticket}/move`, { fromTagId: null, toTagId: doing.id });
    await admin.post(`/ticket-tags/${other}/move`, { fromTagId: null, toTagId: doing.id });
    const laneOf = async (api: ApiClient) => (await boardOf(api, `?queueIds=[${sales.id}]`))[doing.id];
    expect(await laneOf(ana)).toEqual([ticket]);
    expect(await laneOf(beto)).toEqual([other]);

    // Handed to Beto: it leaves Ana's lane and joins his (the links follow through the stream).
    await admin.put(`/tickets/${ticket}`, { userId: betoId });
    await until(async () => ((await laneOf(beto))?.join() === sorted(ticket, other).join() ? true : undefined), "Beto's lane with both");
    expect(await laneOf(ana)).toEqual([]);

    // Closed: off every board; reopened to Ana: back on hers.
    await admin.put(`/tickets/${ticket}`, { status: 'closed' });
    expect(await laneOf(beto)).toEqual([other]);
    expect((await admin.put(`/tickets/${ticket}`, { status: 'open' })).status).toBe(200);
    expect((await admin.put(`/tickets/${ticket}`, { userId: anaId })).status).toBe(200);
    await until(async () => ((await laneOf(ana))?.join() === String(ticket) ? true : undefined), "Ana's lane again");
    expect(await laneOf(beto)).toEqual([other]);
  });

  it('tells a second user about a move: the ticket and the tag counts, live', async () => {
    const { admin, company, tickets } = await companyWithTickets(env, 'VivoKanban', ['5511963000001']);
    const { agent } = await agentOf(admin, company.companyId, 'mirador', { allTicket: 'enabled' });
    const doing = await lane(admin, 'En curso');
    const live = await listen(agent);
    try {
      await admin.post(`/ticket-tags/${tickets[0]!.id}/move`, { fromTagId: null, toTagId: doing.id });
      const moved = await until(
        async () =>
          live.frames.find(
            (f) =>
              f.event === 'ticket' &&
              (f.data.ticket as Card | undefined)?.tags?.some((t) => t.id === doing.id) === true,
          ),
        'the ticket event with the new lane tag',
      );
      expect((moved.data.ticket as Card).id).toBe(tickets[0]!.id);
      await until(
        async () =>
          live.frames.find((f) => f.event === 'tag' && (f.data.tag as Tag | undefined)?.ticketsCount === 1),
        'the lane count event',
      );
    } finally {
      live.socket.close();
    }
  });

  it('refuses the board and the moves to a company whose plan has no kanban', async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin kanban ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useKanban: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-kanban-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin kanban ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const other = env.client();
    expect((await other.login(email, 'secret1')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/ticket/kanban', undefined],
      ['GET', '/tags/kanban', undefined],
      ['POST', '/ticket-tags/1/move', { fromTagId: null, toTagId: 1 }],
      ['PUT', '/ticket-tags/1/1', {}],
      ['DELETE', '/ticket-tags/1', undefined],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
    // The tags themselves stay (the tags screen is not a kanban feature).
    expect((await other.get('/tags/list')).status).toBe(200);
  });
});
