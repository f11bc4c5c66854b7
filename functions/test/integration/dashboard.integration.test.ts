import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer, TicketsDayAnswer, TicketsUsersAnswer } from '@atende/shared/entities/dashboard';
import type * as DashboardAggregatesModule from '../../src/data/dashboard-aggregates.ts';
import type * as TicketEntityModule from '../../src/data/ticket-entity.ts';
import { blocksCovering } from '../../src/domain/dashboard/blocks.ts';
import { addDays, localDayHour } from '../../src/domain/dashboard/calendar.ts';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The dashboard end to end on the local runtime: tickets and messages made through the API and
 * sandbox customers, the table's stream feeding the bundled aggregator, and the figures read
 * back through GET /api/dashboard*. Durations come from real clocks, so the expected values are
 * computed by hand from the instants the API answers (messages) and the timeline holds (read
 * here, never written).
 */
let env: TestRuntime;
let data: {
  ticketEventEntity: typeof TicketEntityModule.ticketEventEntity;
  dashboardDays: typeof DashboardAggregatesModule.dashboardDays;
  dashboardBlocks: typeof DashboardAggregatesModule.dashboardBlocks;
};

beforeAll(async () => {
  env = await startTestRuntime();
  // The runtime set TABLE_NAME and DYNAMODB_ENDPOINT for this process: the data layer comes now.
  data = {
    ticketEventEntity: (await import('../../src/data/ticket-entity.ts')).ticketEventEntity,
    dashboardDays: (await import('../../src/data/dashboard-aggregates.ts')).dashboardDays,
    dashboardBlocks: (await import('../../src/data/dashboard-aggregates.ts')).dashboardBlocks,
  };
});
afterAll(async () => env?.stop());

const saoPaulo = 'America/Sao_Paulo';
type Ticket = { id: number; status: string; contactId: number; unreadMessages: number };
type Message = { id: string; fromMe: boolean; createdAt: string; userId: number | null };

async function connectedCompany(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  return { admin, company, whatsappId: await connectSandbox(admin) };
}

/** A customer writes; answers their pending ticket once it holds the message. */
async function customerTicket(admin: ApiClient, whatsappId: number, from: string, name: string): Promise<Ticket> {
  await customerWrites(admin, whatsappId, { from, name, body: `hola, soy ${name}`, id: `m-${from}` });
  return (await pendingTicketsOf<Ticket>(admin, [from]))[0]!;
}

/** An agent named exactly `name` (the attendants table shows it). */
const agentNamed = (admin: ApiClient, companyId: number, name: string) => agentOf(admin, companyId, name.toLowerCase(), { name });

async function timelineOf(companyId: number, ticketId: number) {
  const { data: events } = await data.ticketEventEntity.query.byTicket({ companyId, ticketId }).go({ pages: 'all' });
  return events;
}

async function messagesOf(client: ApiClient, ticketId: number): Promise<Message[]> {
  return (await client.get<{ messages: Message[] }>(`/messages/${ticketId}`)).body.messages;
}

const ms = (from: string, to: string) => Date.parse(to) - Date.parse(from);
const minutes = (sumMs: number, count: number) => Math.round((sumMs / count / 60_000) * 100) / 100;

describe('dashboard', () => {
  it('counts what happened today exactly, per agent and hour, and only for its own company', async () => {
    const { admin, company, whatsappId } = await connectedCompany('Tablero');
    const ana = await agentNamed(admin, company.companyId, 'Ana');
    const bruno = await agentNamed(admin, company.companyId, 'Bruno');

    // Three customers write: three pending tickets and three new contacts.
    const t1 = await customerTicket(admin, whatsappId, '5511970000001', 'Cliente Uno');
    const t2 = await customerTicket(admin, whatsappId, '5511970000002', 'Cliente Dos');
    const t3 = await customerTicket(admin, whatsappId, '5511970000003', 'Cliente Tres');

    // Ana takes the first, answers and resolves it; Bruno the second.
    expect((await ana.agent.put(`/tickets/${t1.id}`, { status: 'open', userId: ana.userId })).status).toBe(200);
    expect((await ana.agent.post(`/messages/${t1.id}`, { body: 'Hola, te ayudo' })).status).toBe(201);
    expect((await ana.agent.post(`/messages/${t1.id}`, { body: '¿Algo más?' })).status).toBe(201);
    expect((await ana.agent.put(`/tickets/${t1.id}`, { status: 'closed' })).status).toBe(200);
    expect((await bruno.agent.put(`/tickets/${t2.id}`, { status: 'open', userId: bruno.userId })).status).toBe(200);
    expect((await bruno.agent.post(`/messages/${t2.id}`, { body: 'Buenas' })).status).toBe(201);
    expect((await bruno.agent.put(`/tickets/${t2.id}`, { status: 'closed' })).status).toBe(200);
    // The admin opens a new conversation with the first customer, and keeps it open.
    const t4 = await admin.post<Ticket>('/tickets', { contactId: t1.contactId, status: 'open', userId: company.user.id, whatsappId });
    expect(t4.status).toBe(201);

    // The hand computation, from the instants the timeline and the messages hold.
    const [e1, e2, e3, e4] = await Promise.all([t1.id, t2.id, t3.id, t4.body.id].map((id) => timelineOf(company.companyId, id)));
    const at = (events: typeof e1, action: string) => events!.find((event) => event.action === action)!.at;
    const wait = [ms(at(e1, 'create'), at(e1, 'accept')), ms(at(e2, 'create'), at(e2, 'accept'))];
    const support = [ms(at(e1, 'accept'), at(e1, 'resolve')), ms(at(e2, 'accept'), at(e2, 'resolve'))];
    const firstResponse = await Promise.all(
      [t1.id, t2.id].map(async (id) => {
        const messages = [...(await messagesOf(admin, id))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        const customer = messages.find((m) => !m.fromMe)!;
        const reply = messages.find((m) => m.fromMe && m.userId !== null && m.createdAt >= customer.createdAt)!;
        return ms(customer.createdAt, reply.createdAt);
      }),
    );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const expected: DashboardAnswer = {
      counters: {
        supportHappening: 1,
        supportPending: 1,
        supportFinished: 2,
        leads: 3,
        avgSupportTime: minutes(sum(support), 2),
        avgWaitTime: minutes(sum(wait), 2),
        avgFirstResponseTime: minutes(sum(firstResponse), 2),
      },
      attendants: [
        { id: ana.userId, name: 'Ana', rating: null, avgSupportTime: minutes(support[0]!, 1), tickets: 1, online: false },
        { id: bruno.userId, name: 'Bruno', rating: null, avgSupportTime: minutes(support[1]!, 1), tickets: 1, online: false },
        { id: company.user.id as number, name: String(company.user.name), rating: null, avgSupportTime: 0, tickets: 0, online: false },
      ].sort((a, b) => a.name.localeCompare(b.name, 'es')),
    };

    // The stream brings the figures in moments; then the answer is exactly the hand computation.
    const dashboard = await until(async () => {
      const answer = await admin.get<DashboardAnswer>('/dashboard?days=3');
      return JSON.stringify(answer.body) === JSON.stringify(expected) ? answer.body : undefined;
    }, 'the dashboard figures').catch(async (error: unknown) => {
      expect((await admin.get<DashboardAnswer>('/dashboard?days=3')).body).toEqual(expected);
      throw error;
    });
    expect(dashboard).toEqual(expected);

    // The buckets hold the exact sums in milliseconds (the answer rounds minutes): the day items
    // the company's (for the charts), the blocks the company's and each agent's (the counters).
    const createdDays = [e1, e2, e3, e4].map((events) => localDayHour(at(events, 'create'), saoPaulo));
    const span = { from: addDays(createdDays[0]!.day, -1), to: addDays(createdDays[3]!.day, 1) };
    const days = await data.dashboardDays(company.companyId, span.from, span.to);
    const totals = days.reduce<Record<string, number>>((all, bucket) => {
      for (const [name, value] of Object.entries(bucket.fields)) all[name] = (all[name] ?? 0) + value;
      return all;
    }, {});
    expect(totals).toMatchObject({ st: 4, fin: 2, leads: 3, waitS: sum(wait), waitN: 2, supS: sum(support), supN: 2, frtS: sum(firstResponse), frtN: 2 });
    const blocks: Record<string, number> = {};
    for (const figures of (await data.dashboardBlocks(company.companyId, blocksCovering(span))).values()) {
      for (const [name, value] of Object.entries(figures)) blocks[name] = (blocks[name] ?? 0) + value;
    }
    expect(Object.fromEntries(Object.entries(blocks).filter(([name]) => !name.startsWith('u')))).toEqual(
      Object.fromEntries(Object.entries(totals).filter(([name]) => !/^h\d\d$/.test(name))),
    );
    expect(Object.fromEntries(Object.entries(blocks).filter(([name]) => name.startsWith('u')))).toEqual({
      [`u${ana.userId}_fin`]: 1,
      [`u${ana.userId}_supS`]: support[0],
      [`u${ana.userId}_supN`]: 1,
      [`u${ana.userId}_frtS`]: firstResponse[0],
      [`u${ana.userId}_frtN`]: 1,
      [`u${bruno.userId}_fin`]: 1,
      [`u${bruno.userId}_supS`]: support[1],
      [`u${bruno.userId}_supN`]: 1,
      [`u${bruno.userId}_frtS`]: firstResponse[1],
      [`u${bruno.userId}_frtN`]: 1,
    });

    // Dates in the company's zone: the same period asked by dates gives the same figures.
    const today = localDayHour(new Date(), saoPaulo).day;
    const byDates = await admin.get<DashboardAnswer>(`/dashboard?date_from=${addDays(today, -2)}&date_to=${today}`);
    expect(byDates.body).toEqual(expected);

    // Tickets per user and per day (or per hour slot for one day).
    const range = `initialDate=${addDays(createdDays[0]!.day, -1)}&finalDate=${createdDays[3]!.day}`;
    expect((await admin.get<TicketsUsersAnswer>(`/dashboard/ticketsUsers?${range}`)).body).toEqual({
      data: [
        { nome: 'Ana', quantidade: 1 },
        { nome: 'Bruno', quantidade: 1 },
      ],
    });
    const perDay = await admin.get<TicketsDayAnswer>(`/dashboard/ticketsDay?${range}`);
    expect(perDay.body.count).toBe(4);
    expect(perDay.body.data[0]).toEqual({ data: addDays(createdDays[0]!.day, -1), total: 0 });
    const oneDay = createdDays[0]!.day;
    const perHour = await admin.get<TicketsDayAnswer>(`/dashboard/ticketsDay?initialDate=${oneDay}&finalDate=${oneDay}`);
    expect(perHour.body.data).toHaveLength(24);
    const expectedSlots = new Map<string, number>();
    for (const created of createdDays.filter((c) => c.day === oneDay)) expectedSlots.set(created.hour, (expectedSlots.get(created.hour) ?? 0) + 1);
    expect(perHour.body.data.filter((row) => row.total > 0)).toEqual([...expectedSlots].sort().map(([horario, total]) => ({ horario, total })));

    // The CSV export of the per-agent figures.
    const csv = await fetch(`${env.runtime.url}/api/dashboard/attendants.csv?days=3`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="atendentes_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Nombre;Conversaciones finalizadas;Tiempo medio de atención (min);Tiempo medio de primera respuesta (min);Valoración media (1 a 3);Valoraciones;En línea');
    const decimal = (value: number) => String(value).replace('.', ',');
    expect(lines).toContain(`Ana;1;${decimal(minutes(support[0]!, 1))};${decimal(minutes(firstResponse[0]!, 1))};;0;No`);
    expect(lines).toHaveLength(4);

    // An admin whose client announced itself is online.
    const { socket } = await listen(admin);
    socket.send(JSON.stringify({ action: 'userStatus' }));
    await until(async () => {
      const answer = await admin.get<DashboardAnswer>('/dashboard?days=3');
      return answer.body.attendants.find((a) => a.id === company.user.id)?.online ? true : undefined;
    }, 'the admin online');
    socket.close();

    // Another company sees only its own (empty) figures and cannot ask for this one's.
    const other = env.client();
    const stranger = await signUpCompany(other, 'Ajena');
    const theirs = await other.get<DashboardAnswer>('/dashboard?days=3');
    expect(theirs.status).toBe(200);
    expect(theirs.body.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
      avgFirstResponseTime: 0,
    });
    expect(theirs.body.attendants.map((a) => a.id)).toEqual([stranger.user.id]);
    expect((await other.get<TicketsUsersAnswer>(`/dashboard/ticketsUsers?${range}`)).body).toEqual({ data: [] });
    expect((await other.get<TicketsDayAnswer>(`/dashboard/ticketsDay?${range}`)).body.count).toBe(0);
    for (const path of [
      `/dashboard?days=3&companyId=${company.companyId}`,
      `/dashboard/ticketsUsers?${range}&companyId=${company.companyId}`,
      `/dashboard/ticketsDay?${range}&companyId=${company.companyId}`,
      `/dashboard/attendants.csv?days=3&companyId=${company.companyId}`,
    ]) {
      const answer = await other.get(path);
      expect(answer.status, path).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    // Naming one's own company is allowed.
    expect((await admin.get(`/dashboard?days=3&companyId=${company.companyId}`)).status).toBe(200);
  });

  it("averages the ratings customers give in the chatbot's rating conversation, per agent", async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Valoraciones');
    expect((await admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    const whatsappId = await connectSandbox(admin, { ratingMessage: '¿Cómo fue la atención?', complationMessage: 'Gracias' });
    const ana = await agentNamed(admin, company.companyId, 'Ana');

    // Two customers, both attended and resolved by Ana; one rates 2, the other 3.
    for (const [from, name, answer] of [
      ['5511970000011', 'Cliente Dos', '2'],
      ['5511970000012', 'Cliente Tres', '3'],
    ] as const) {
      const ticket = await customerTicket(admin, whatsappId, from, name);
      expect((await ana.agent.put(`/tickets/${ticket.id}`, { status: 'open', userId: ana.userId })).status).toBe(200);
      expect((await ana.agent.post(`/messages/${ticket.id}`, { body: 'Listo' })).status).toBe(201);
      expect((await ana.agent.put(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
      await until(async () => {
        const outbox = await outboxOf(admin, whatsappId, from);
        return outbox.some((m) => m.body.startsWith('¿Cómo fue la atención?')) ? true : undefined;
      }, 'the rating question');
      await customerWrites(admin, whatsappId, { from, name, body: answer, id: `rating-${from}` });
      await until(async () => {
        const events = await timelineOf(company.companyId, ticket.id);
        return events.some((event) => event.action === 'rating') ? true : undefined;
      }, `the rating of ${name}`);
    }

    const attendant = await until(async () => {
      const answer = await admin.get<DashboardAnswer>('/dashboard?days=3');
      const row = answer.body.attendants.find((a) => a.id === ana.userId);
      return row?.rating === 2.5 ? row : undefined;
    }, 'the average rating');
    expect(attendant).toMatchObject({ name: 'Ana', rating: 2.5, tickets: 2 });
    const csv = await fetch(`${env.runtime.url}/api/dashboard/attendants.csv?days=3`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect((await csv.text()).split('\n').find((line) => line.startsWith('Ana;'))).toMatch(/^Ana;2;[\d,]+;[\d,]+;2,5;2;No$/);
  });

  it('is for admins only, signed in, with a valid filter', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Filtros');
    const { agent } = await agentNamed(admin, company.companyId, 'Carla');
    for (const path of ['/dashboard?days=7', '/dashboard/ticketsUsers?initialDate=2025-01-01&finalDate=2025-01-02', '/dashboard/ticketsDay?initialDate=2025-01-01&finalDate=2025-01-02', '/dashboard/attendants.csv?days=7']) {
      expect((await agent.get(path)).status, path).toBe(403);
      expect((await env.client().get(path)).status, path).toBe(401);
    }
    const missing = await admin.get<{ error: string; issues: { message: string }[] }>('/dashboard');
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0]!.message).toBe('Parametriza el filtro');
    expect((await admin.get('/dashboard?days=10')).status).toBe(400);
    expect((await admin.get('/dashboard?date_from=2025-02-01&date_to=2025-01-01')).status).toBe(400);
    expect((await admin.get('/dashboard?date_from=2023-01-01&date_to=2025-01-01')).status).toBe(400);
    expect((await admin.get('/dashboard/ticketsDay?initialDate=2025-01-01')).status).toBe(400);
    expect((await admin.get("/dashboard/ticketsDay?initialDate=2025-01-01'%20OR%201=1&finalDate=2025-01-02")).status).toBe(400);
  });
});
