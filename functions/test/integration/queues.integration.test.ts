import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Hours = { weekday: string; weekdayEn: string; startTime: string; endTime: string };
type Queue = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  schedules: Hours[];
};
type Option = { id: number; title: string; message: string; option: string; queueId: number; parentId: number | null; children?: Option[] };
type Ticket = { id: number; status: string; queueId: number | null; queue: { id: number; name: string; color: string } | null; unreadMessages: number };

const issuesOf = (body: unknown) =>
  Object.fromEntries(((body as { issues?: { path: string; message: string }[] }).issues ?? []).map((i) => [i.path, i.message]));

describe('queues', () => {
  it('creates, reads, lists in order, changes and deletes queues, with default hours', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Colas');
    const live = await listen(admin);
    try {
      const created = await admin.post<Queue>('/queue', { name: 'Ventas', color: '#2196f3', greetingMessage: 'Bienvenido a ventas' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Ventas', color: '#2196f3', greetingMessage: 'Bienvenido a ventas', outOfHoursMessage: '', orderQueue: null, promptId: null });
      expect(created.body.schedules).toHaveLength(7);
      expect(created.body.schedules.find((h) => h.weekdayEn === 'saturday')).toMatchObject({ startTime: '08:00', endTime: '12:00' });
      expect(created.body.schedules.find((h) => h.weekdayEn === 'sunday')).toMatchObject({ startTime: '00:00', endTime: '00:00' });
      await until(async () => live.frames.find((f) => f.event === 'queue' && f.data.action === 'create'), 'the queue create event');

      const second = await admin.post<Queue>('/queue', { name: 'Soporte', color: '#4caf50', orderQueue: 1 });
      const third = await admin.post<Queue>('/queue', { name: 'Cobranza', color: '#ff9800', orderQueue: 2 });
      const list = await admin.get<Queue[]>('/queue');
      expect(list.body.map((q) => q.name)).toEqual(['Soporte', 'Cobranza', 'Ventas']);
      // A companyId in the query is ignored: the list is always the caller's company's.
      expect((await admin.get<Queue[]>('/queue?companyId=1')).body.map((q) => q.id)).toEqual(list.body.map((q) => q.id));

      const hours = created.body.schedules.map((h) => (h.weekdayEn === 'monday' ? { ...h, startTime: '09:00', endTime: '17:30' } : h));
      // A prompt of the company's own (a queue may name only an existing one).
      const prompt = await admin.post<{ id: number }>('/prompt', {
        name: 'Asistente de ventas',
        prompt: 'Usted es el asistente de ventas de la tienda y responde con amabilidad y precisión.',
        apiKey: 'sk-prueba-0123456789abcdef',
        queueId: second.body.id,
      });
      expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
      const changed = await admin.put<Queue>(`/queue/${created.body.id}`, {
        name: 'Ventas online',
        outOfHoursMessage: 'Estamos cerrados',
        orderQueue: 0,
        promptId: prompt.body.id,
        schedules: hours,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({ name: 'Ventas online', color: '#2196f3', greetingMessage: 'Bienvenido a ventas', outOfHoursMessage: 'Estamos cerrados', orderQueue: 0, promptId: prompt.body.id });
      const read = await admin.get<Queue>(`/queue/${created.body.id}`);
      expect(read.body.schedules.find((h) => h.weekdayEn === 'monday')).toMatchObject({ startTime: '09:00', endTime: '17:30' });
      expect((await admin.get<Queue[]>('/queue')).body[0]!.id).toBe(created.body.id);
      const cleared = await admin.put<Queue>(`/queue/${created.body.id}`, { greetingMessage: '', promptId: null, orderQueue: null });
      expect(cleared.body).toMatchObject({ greetingMessage: '', promptId: null, orderQueue: null, outOfHoursMessage: 'Estamos cerrados' });
      await until(async () => live.frames.find((f) => f.event === 'queue' && f.data.action === 'update'), 'the queue update event');

      expect((await admin.delete(`/queue/${third.body.id}`)).status).toBe(204);
      expect((await admin.get(`/queue/${third.body.id}`)).status).toBe(404);
      expect((await admin.delete(`/queue/${third.body.id}`)).status).toBe(404);
      expect((await admin.get<Queue[]>('/queue')).body.map((q) => q.id)).toEqual([second.body.id, created.body.id]);
      const deleted = await until(async () => live.frames.find((f) => f.event === 'queue' && f.data.action === 'delete'), 'the queue delete event');
      expect(deleted.data.queueId).toBe(third.body.id);
      // Its name and colour are free again.
      expect((await admin.post('/queue', { name: 'Cobranza', color: '#ff9800' })).status).toBe(201);
    } finally {
      live.socket.close();
    }
  });

  it('answers the form texts, a used colour or name, and bad hours', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Validacion');
    const empty = await admin.post('/queue', {});
    expect(empty.status).toBe(400);
    expect(issuesOf(empty.body)).toEqual({ name: 'Requerido', color: 'Requerido' });
    expect(issuesOf((await admin.post('/queue', { name: 'A', color: '#f44336' })).body)).toEqual({ name: 'muy corto' });
    expect(issuesOf((await admin.post('/queue', { name: 'x'.repeat(51), color: '#f44336' })).body)).toEqual({ name: 'muy largo!' });
    expect(issuesOf((await admin.post('/queue', { name: 'Ventas', color: '#f' })).body)).toEqual({ color: 'muy corto' });
    const badHours = await admin.post('/queue', {
      name: 'Ventas',
      color: '#f44336',
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '8h', endTime: '18:00' }],
    });
    expect(badHours.status).toBe(400);

    const first = await admin.post<Queue>('/queue', { name: 'Ventas', color: '#F44336' });
    expect(first.status).toBe(201);
    const sameColour = await admin.post('/queue', { name: 'Soporte', color: '#f44336' });
    expect(sameColour.status).toBe(409);
    expect(sameColour.body).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    const sameName = await admin.post('/queue', { name: ' VENTAS ', color: '#e91e63' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: 'ERR_DUPLICATED_NAME' });

    const other = await admin.post<Queue>('/queue', { name: 'Soporte', color: '#e91e63' });
    const taken = await admin.put(`/queue/${other.body.id}`, { color: '#f44336' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    // Moving a colour frees the old one in the same transaction.
    expect((await admin.put<Queue>(`/queue/${first.body.id}`, { color: '#9c27b0' })).body.color).toBe('#9c27b0');
    expect((await admin.put<Queue>(`/queue/${other.body.id}`, { color: '#f44336' })).status).toBe(200);
    expect((await admin.put(`/queue/${other.body.id}`, { name: 'B' })).status).toBe(400);
    expect((await admin.put('/queue/999999', { name: 'Nadie' })).status).toBe(404);
  });

  it("refuses the queue beyond the plan's limit and counts a deleted one out", async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', { name: `Dos colas ${stamp}`, users: 3, connections: 1, queues: 2, value: 10 });
    expect(plan.status).toBe(201);
    const company = await root.post<{ id: number }>('/companies', { name: `Colas Co ${stamp}`, email: `colas-${stamp}@example.com`, password: 'secret1', planId: plan.body.id });
    expect(company.status).toBe(201);
    const admin = env.client();
    expect((await admin.login(`colas-${stamp}@example.com`, 'secret1')).status).toBe(200);

    const one = await admin.post<Queue>('/queue', { name: 'Uno', color: '#2196f3' });
    expect(one.status).toBe(201);
    expect((await admin.post('/queue', { name: 'Dos', color: '#4caf50' })).status).toBe(201);
    const three = await admin.post('/queue', { name: 'Tres', color: '#ff9800' });
    expect(three.status).toBe(403);
    expect(three.body).toEqual({ error: 'ERR_PLAN_LIMIT_REACHED' });
    expect((await admin.delete(`/queue/${one.body.id}`)).status).toBe(204);
    expect((await admin.post('/queue', { name: 'Tres', color: '#ff9800' })).status).toBe(201);
  });

  it('lets every user read queues and only admins change them', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Roles');
    const queue = await admin.post<Queue>('/queue', { name: 'Ventas', color: '#2196f3' });
    const { agent } = await agentOf(admin, companyId, 'rol', { allTicket: 'desabled' });
    expect((await agent.get<Queue[]>('/queue')).body.map((q) => q.id)).toEqual([queue.body.id]);
    expect((await agent.get(`/queue/${queue.body.id}`)).status).toBe(200);
    expect((await agent.post('/queue', { name: 'Mia', color: '#4caf50' })).status).toBe(403);
    expect((await agent.put(`/queue/${queue.body.id}`, { name: 'Mia' })).status).toBe(403);
    expect((await agent.delete(`/queue/${queue.body.id}`)).status).toBe(403);
    expect((await agent.post('/queue-options', { queueId: queue.body.id, title: 'Uno', option: '1' })).status).toBe(403);
    expect((await agent.get(`/queue-options?queueId=${queue.body.id}`)).status).toBe(200);
    expect((await env.client().get('/queue')).status).toBe(401);
  });

  it("keeps one company's queues and options out of another's reach", async () => {
    const owner = env.client();
    await signUpCompany(owner, 'Duena');
    const queue = await owner.post<Queue>('/queue', { name: 'Privada', color: '#2196f3' });
    const option = await owner.post<Option>('/queue-options', { queueId: queue.body.id, title: 'Uno', option: '1', message: 'm' });
    expect(option.status).toBe(201);

    const stranger = env.client();
    await signUpCompany(stranger, 'Extrana');
    expect((await stranger.get<Queue[]>('/queue')).body).toEqual([]);
    expect((await stranger.get(`/queue/${queue.body.id}`)).status).toBe(404);
    expect((await stranger.put(`/queue/${queue.body.id}`, { name: 'Robada' })).status).toBe(404);
    expect((await stranger.delete(`/queue/${queue.body.id}`)).status).toBe(404);
    expect((await stranger.get(`/queue-options?queueId=${queue.body.id}`)).status).toBe(404);
    expect((await stranger.post('/queue-options', { queueId: queue.body.id, title: 'Intrusa', option: '2' })).status).toBe(404);
    expect((await stranger.get(`/queue-options/${option.body.id}`)).status).toBe(404);
    expect((await stranger.put(`/queue-options/${option.body.id}`, { title: 'Robada' })).status).toBe(404);
    expect((await stranger.delete(`/queue-options/${option.body.id}`)).status).toBe(404);
    // The owner's data is untouched.
    expect((await owner.get<Queue>(`/queue/${queue.body.id}`)).body.name).toBe('Privada');
    expect((await owner.get<Option[]>(`/queue-options?queueId=${queue.body.id}`)).body.map((o) => o.title)).toEqual(['Uno']);
  });

  it('builds, reads, changes and deletes the nested option tree', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Arbol');
    const queue = await admin.post<Queue>('/queue', { name: 'Ventas', color: '#2196f3' });
    const other = await admin.post<Queue>('/queue', { name: 'Soporte', color: '#4caf50' });
    const add = (body: Record<string, unknown>) => admin.post<Option>('/queue-options', { queueId: queue.body.id, ...body });

    const missing = await add({});
    expect(missing.status).toBe(400);
    expect(issuesOf(missing.body)).toMatchObject({ title: 'Requerido' });
    const ten = await add({ title: 'Otros', option: '10', message: 'Otros temas' });
    const one = await add({ title: 'Precios', option: 1, message: 'Nuestros precios' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ title: 'Precios', option: '1', parentId: null, queueId: queue.body.id, children: [] });
    const two = await add({ title: 'Envíos', option: '2', message: '' });
    const child = await add({ title: 'Mayorista', option: '1', message: 'Precio mayorista', parentId: one.body.id });
    const grandchild = await add({ title: 'Más de 100', option: '1', message: 'Llame', parentId: child.body.id });
    expect(child.body.parentId).toBe(one.body.id);
    const wrongQueue = await admin.post('/queue-options', { queueId: other.body.id, title: 'X', option: '1', parentId: one.body.id });
    expect(wrongQueue.status).toBe(400);
    expect((await admin.post('/queue-options', { queueId: 999999, title: 'X', option: '1' })).status).toBe(404);

    const roots = await admin.get<Option[]>(`/queue-options?queueId=${queue.body.id}&parentId=-1`);
    expect(roots.status).toBe(200);
    expect(roots.body.map((o) => o.option)).toEqual(['1', '2', '10']);
    expect(roots.body[0]!.children!.map((o) => o.title)).toEqual(['Mayorista']);
    expect(roots.body[0]!.children![0]!.children!.map((o) => o.title)).toEqual(['Más de 100']);
    expect(roots.body[1]!.children).toEqual([]);
    const level = await admin.get<Option[]>(`/queue-options?queueId=${queue.body.id}&parentId=${one.body.id}`);
    expect(level.body.map((o) => o.id)).toEqual([child.body.id]);
    expect(level.body[0]!.children!.map((o) => o.id)).toEqual([grandchild.body.id]);
    expect((await admin.get<Option[]>(`/queue-options?queueId=${other.body.id}`)).body).toEqual([]);
    expect((await admin.get(`/queue-options?queueId=${queue.body.id}&parentId=0`)).status).toBe(400);

    const renamed = await admin.put<Option>(`/queue-options/${two.body.id}`, { title: 'Envíos y entregas', message: 'Plazos', option: '3' });
    expect(renamed.body).toMatchObject({ title: 'Envíos y entregas', message: 'Plazos', option: '3' });
    expect((await admin.put(`/queue-options/${two.body.id}`, { parentId: one.body.id })).status).toBe(400);
    expect((await admin.put('/queue-options/999999', { title: 'Nada' })).status).toBe(404);

    expect((await admin.delete(`/queue-options/${one.body.id}`)).status).toBe(204);
    for (const gone of [one, child, grandchild]) expect((await admin.get(`/queue-options/${gone.body.id}`)).status).toBe(404);
    const left = await admin.get<Option[]>(`/queue-options?queueId=${queue.body.id}`);
    expect(left.body.map((o) => o.id)).toEqual([two.body.id, ten.body.id]);
  });

  it('shows queue names and colours on tickets and users, and detaches a deleted queue everywhere', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Cascada');
    const ventas = await admin.post<Queue>('/queue', { name: 'Ventas', color: '#2196f3' });
    const soporte = await admin.post<Queue>('/queue', { name: 'Soporte', color: '#4caf50' });
    const option = await admin.post<Option>('/queue-options', { queueId: ventas.body.id, title: 'Precios', option: '1', message: 'm' });
    const child = await admin.post<Option>('/queue-options', { queueId: ventas.body.id, title: 'Hijo', option: '1', message: 'm', parentId: option.body.id });

    // A connection without queues first, so the customer's message only opens a pending ticket.
    const whatsappId = await connectSandbox(admin);
    await customerWrites(admin, whatsappId, { from: '5511980000123', name: 'Cliente', body: 'hola', id: 'cascada-1' });
    const ticket = (await pendingTicketsOf<Ticket>(admin, ['5511980000123']))[0]!;
    expect(ticket.queue).toBeNull();

    const greetingless = await admin.put(`/whatsapp/${whatsappId}`, { queueIds: [ventas.body.id, soporte.body.id], greetingMessage: '' });
    expect(greetingless.status).toBe(400);
    expect(greetingless.body).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    const connection = await admin.put<{ queueIds: number[] }>(`/whatsapp/${whatsappId}`, {
      queueIds: [ventas.body.id, soporte.body.id],
      greetingMessage: 'Hola, elija una cola',
      transferQueueId: ventas.body.id,
    });
    expect(connection.status).toBe(200);

    const moved = await admin.put<Ticket>(`/tickets/${ticket.id}`, { queueId: ventas.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body.queue).toEqual({ id: ventas.body.id, name: 'Ventas', color: '#2196f3' });
    const listed = await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true');
    expect(listed.body.tickets.find((t) => t.id === ticket.id)!.queue).toEqual({ id: ventas.body.id, name: 'Ventas', color: '#2196f3' });
    await admin.put(`/queue/${ventas.body.id}`, { color: '#f44336' });
    expect((await admin.get<Ticket>(`/tickets/${ticket.id}`)).body.queue).toMatchObject({ name: 'Ventas', color: '#f44336' });
    expect((await admin.put(`/tickets/${ticket.id}`, { queueId: 999999 })).status).toBe(404);

    const { agent, userId, user: created } = await agentOf(admin, company.companyId, 'cola', {
      allTicket: 'desabled',
      queueIds: [ventas.body.id, soporte.body.id],
    });
    expect(created.queues).toEqual([
      { id: ventas.body.id, name: 'Ventas', color: '#f44336' },
      { id: soporte.body.id, name: 'Soporte', color: '#4caf50' },
    ]);
    expect((await agent.get<{ queues: unknown[] }>('/auth/me')).body.queues).toHaveLength(2);
    // The agent sees the ticket through the queue.
    expect((await agent.get<{ tickets: Ticket[] }>('/tickets?status=pending')).body.tickets.map((t) => t.id)).toContain(ticket.id);

    expect((await admin.delete(`/queue/${ventas.body.id}`)).status).toBe(204);
    for (const gone of [option, child]) expect((await admin.get(`/queue-options/${gone.body.id}`)).status).toBe(404);
    const user = await admin.get<{ queueIds: number[]; queues: { id: number; name: string }[] }>(`/users/${userId}`);
    expect(user.body.queueIds).toEqual([soporte.body.id]);
    expect(user.body.queues).toEqual([{ id: soporte.body.id, name: 'Soporte', color: '#4caf50' }]);
    const after = await admin.get<{ queueIds: number[]; transferQueueId: number | null }>(`/whatsapp/${whatsappId}`);
    expect(after.body).toMatchObject({ queueIds: [soporte.body.id], transferQueueId: null });
    const orphan = await admin.get<Ticket>(`/tickets/${ticket.id}`);
    expect(orphan.body).toMatchObject({ status: 'pending', queueId: null, queue: null });
    const noQueue = await admin.get<{ tickets: Ticket[] }>('/tickets?status=pending&showAll=true');
    expect(noQueue.body.tickets.map((t) => t.id)).toContain(ticket.id);
    expect((await admin.get<Queue[]>('/queue')).body.map((q) => q.name)).toEqual(['Soporte']);
  });
});
