import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Tag = { id: number; name: string; color: string; kanban: 0 | 1; userId: number | null; ticketsCount: number };
type TicketTags = { ticketId: number; tags: { id: number; name: string; color: string }[] };

async function counts(api: ApiClient): Promise<Record<string, number>> {
  const list = await api.get<Tag[]>('/tags/list');
  return Object.fromEntries(list.body.map((tag) => [tag.name, tag.ticketsCount]));
}

describe('tags', () => {
  it('creates, lists, searches, pages, changes and deletes tags, with the form texts', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Etiquetas');
    const missing = await admin.post('/tags', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'name', message: 'Obligatorio' }] });
    const short = await admin.post('/tags', { name: 'ab' });
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'name', message: 'Mensaje muy corto' }] });

    const created = await admin.post<Tag>('/tags', { name: 'Urgente' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Urgente', color: '#90a4ae', kanban: 0, ticketsCount: 0 });
    expect(created.body.userId).toEqual(expect.any(Number));
    expect((await admin.get<Tag>(`/tags/${created.body.id}`)).body).toMatchObject({ id: created.body.id, name: 'Urgente' });

    for (let i = 1; i <= 21; i += 1) await admin.post('/tags', { name: `Venta ${String(i).padStart(2, '0')}`, color: '#2196f3' });
    const first = await admin.get<{ tags: Tag[]; count: number; hasMore: boolean }>('/tags?pageNumber=1');
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.tags[0]!.name).toBe('Urgente');
    const second = await admin.get<{ tags: Tag[]; hasMore: boolean }>('/tags?pageNumber=2');
    expect(second.body.tags.map((t) => t.name)).toEqual(['Venta 20', 'Venta 21']);
    expect(second.body.hasMore).toBe(false);
    const found = await admin.get<{ tags: Tag[]; count: number }>('/tags?searchParam=URG');
    expect(found.body.tags.map((t) => t.name)).toEqual(['Urgente']);
    expect((await admin.get<Tag[]>('/tags/list')).body).toHaveLength(22);

    const renamed = await admin.put<Tag>(`/tags/${created.body.id}`, { name: 'Muy urgente', color: '#f44336' });
    expect(renamed.body).toMatchObject({ name: 'Muy urgente', color: '#f44336' });
    expect((await admin.put(`/tags/${created.body.id}`, { name: 'x' })).status).toBe(400);
    expect((await admin.delete(`/tags/${created.body.id}`)).status).toBe(204);
    expect((await admin.get(`/tags/${created.body.id}`)).status).toBe(404);
    expect((await admin.delete(`/tags/${created.body.id}`)).status).toBe(404);
    expect((await admin.put(`/tags/${created.body.id}`, { name: 'Otra' })).status).toBe(404);
  });

  it('leaves the kanban flag to admins and supervisors, and lists the kanban lanes', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Kanban');
    const { agent } = await agentOf(admin, company.companyId, 'agente');
    const supervisor = await agentOf(admin, company.companyId, 'super', { profile: 'supervisor' });

    expect((await agent.post('/tags', { name: 'Carril', kanban: 1 })).status).toBe(403);
    const plain = await agent.post<Tag>('/tags', { name: 'Simple', kanban: 0 });
    expect(plain.status).toBe(201);
    expect((await agent.put(`/tags/${plain.body.id}`, { kanban: 1 })).status).toBe(403);
    // Renaming while sending the flag it already has is fine.
    expect((await agent.put<Tag>(`/tags/${plain.body.id}`, { name: 'Simple 2', kanban: 0 })).body.name).toBe('Simple 2');

    const lane = await supervisor.agent.post<Tag>('/tags', { name: 'En curso', kanban: true });
    expect(lane.body.kanban).toBe(1);
    expect((await admin.put<Tag>(`/tags/${plain.body.id}`, { kanban: 1 })).body.kanban).toBe(1);
    const kanban = await agent.get<{ lista: Tag[] }>('/tags/kanban');
    expect(kanban.body.lista.map((t) => t.name).sort()).toEqual(['En curso', 'Simple 2']);
    // A lane is removed only by an admin or supervisor; an agent may delete their own plain tag.
    expect((await agent.delete(`/tags/${plain.body.id}`)).status).toBe(403);
    const own = await agent.post<Tag>('/tags', { name: 'Mía' });
    expect((await supervisor.agent.delete(`/tags/${lane.body.id}`)).status).toBe(204);
    expect((await agent.delete(`/tags/${own.body.id}`)).status).toBe(204);
  });

  it('keeps ticketsCount right through sync, single adds, removals and deleting a tag', async () => {
    const { admin, tickets } = await companyWithTickets(env, 'Conteo', ['5511960000001', '5511960000002']);
    const [one, two] = [tickets[0]!, tickets[1]!];
    const tag = async (name: string) => (await admin.post<Tag>('/tags', { name })).body;
    const [a, b, c] = [await tag('Alfa'), await tag('Beta'), await tag('Gama')];

    const synced = await admin.post<TicketTags>('/tags/sync', { ticketId: one.id, tags: [{ id: a.id }, { id: b.id }] });
    expect(synced.status).toBe(200);
    expect(synced.body.tags.map((t) => t.name)).toEqual(['Alfa', 'Beta']);
    await admin.post('/tags/sync', { ticketId: two.id, tags: [{ id: a.id }] });
    expect(await counts(admin)).toEqual({ Alfa: 2, Beta: 1, Gama: 0 });

    // Replacing the set moves only what changed; repeating it changes nothing.
    await admin.post('/tags/sync', { ticketId: one.id, tags: [b.id, c.id] });
    await admin.post('/tags/sync', { ticketId: one.id, tags: [b.id, c.id] });
    expect(await counts(admin)).toEqual({ Alfa: 1, Beta: 1, Gama: 1 });

    const added = await admin.put<TicketTags>(`/ticket-tags/${two.id}/${c.id}`);
    expect(added.body.tags.map((t) => t.name)).toEqual(['Alfa', 'Gama']);
    await admin.put(`/ticket-tags/${two.id}/${c.id}`);
    expect(await counts(admin)).toEqual({ Alfa: 1, Beta: 1, Gama: 2 });

    const cleared = await admin.delete<TicketTags>(`/ticket-tags/${one.id}`);
    expect(cleared.body).toEqual({ ticketId: one.id, tags: [] });
    expect(await counts(admin)).toEqual({ Alfa: 1, Beta: 0, Gama: 1 });

    // Deleting a tag takes it off its tickets.
    expect((await admin.delete(`/tags/${a.id}`)).status).toBe(204);
    const left = await admin.put<TicketTags>(`/ticket-tags/${two.id}/${c.id}`);
    expect(left.body.tags.map((t) => t.name)).toEqual(['Gama']);
    await admin.post('/tags/sync', { ticketId: two.id, tags: [b.id] });
    expect(await counts(admin)).toEqual({ Beta: 1, Gama: 0 });

    // Two syncs of one ticket at once end with one of the sets and counts that match it.
    const racing = await Promise.all([
      admin.post('/tags/sync', { ticketId: one.id, tags: [b.id, c.id] }),
      admin.post('/tags/sync', { ticketId: one.id, tags: [c.id] }),
    ]);
    for (const answer of racing) expect([200, 409]).toContain(answer.status);
    const final = await admin.put<TicketTags>(`/ticket-tags/${one.id}/${c.id}`);
    const onOne = final.body.tags.map((t) => t.name);
    expect(await counts(admin)).toEqual({ Beta: 1 + (onOne.includes('Beta') ? 1 : 0), Gama: 1 });

    const unknown = await admin.post('/tags/sync', { ticketId: one.id, tags: [9999] });
    expect(unknown.status).toBe(404);
    const many = await admin.post('/tags/sync', { ticketId: one.id, tags: Array.from({ length: 21 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect((await admin.post('/tags/sync', { ticketId: 99999, tags: [] })).status).toBe(404);
  });

  it("changes a ticket's tags only for who may see the ticket", async () => {
    const { admin, company, tickets } = await companyWithTickets(env, 'Permisos', ['5511960000003']);
    const ticket = tickets[0]!;
    const tag = (await admin.post<Tag>('/tags', { name: 'Visible' })).body;
    const blind = await agentOf(admin, company.companyId, 'ciego', { allTicket: 'desabled' });
    const seeing = await agentOf(admin, company.companyId, 'vidente', { allTicket: 'enabled' });
    expect((await blind.agent.post('/tags/sync', { ticketId: ticket.id, tags: [tag.id] })).status).toBe(403);
    expect((await blind.agent.put(`/ticket-tags/${ticket.id}/${tag.id}`)).status).toBe(403);
    expect((await blind.agent.delete(`/ticket-tags/${ticket.id}`)).status).toBe(403);
    expect((await seeing.agent.post('/tags/sync', { ticketId: ticket.id, tags: [tag.id] })).status).toBe(200);
    expect(await counts(admin)).toEqual({ Visible: 1 });
  });

  it("never shows or changes another company's tags or ticket tags", async () => {
    const { admin, tickets } = await companyWithTickets(env, 'PropiaTag', ['5511960000004']);
    const ticket = tickets[0]!;
    const tag = (await admin.post<Tag>('/tags', { name: 'Secreta', color: '#000000' })).body;
    await admin.post('/tags/sync', { ticketId: ticket.id, tags: [tag.id] });

    const other = env.client();
    await signUpCompany(other, 'AjenaTag');
    for (const [method, path, body] of [
      ['GET', `/tags/${tag.id}`, undefined],
      ['PUT', `/tags/${tag.id}`, { name: 'Robada' }],
      ['DELETE', `/tags/${tag.id}`, undefined],
      ['POST', '/tags/sync', { ticketId: ticket.id, tags: [] }],
      ['PUT', `/ticket-tags/${ticket.id}/${tag.id}`, {}],
      ['DELETE', `/ticket-tags/${ticket.id}`, undefined],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Secreta');
    }
    expect((await other.get<{ tags: Tag[] }>('/tags')).body.tags).toEqual([]);
    expect((await other.get<Tag[]>('/tags/list')).body).toEqual([]);
    // Nothing moved on the owner's side.
    expect((await admin.get<Tag>(`/tags/${tag.id}`)).body).toMatchObject({ name: 'Secreta', ticketsCount: 1 });
  });

  it('tells the company about tag changes, and the ticket lists about a ticket whose tags changed', async () => {
    const { admin, company, tickets } = await companyWithTickets(env, 'VivoTag', ['5511960000005']);
    const { agent } = await agentOf(admin, company.companyId, 'oyente', { allTicket: 'enabled' });
    const live = await listen(agent);
    try {
      const tag = (await admin.post<Tag>('/tags', { name: 'Anunciada' })).body;
      await until(async () => live.frames.find((f) => f.event === 'tag' && f.data.action === 'create'), 'the tag create event');
      await admin.post('/tags/sync', { ticketId: tickets[0]!.id, tags: [tag.id] });
      const counted = await until(
        async () => live.frames.find((f) => f.event === 'tag' && (f.data.tag as Tag | undefined)?.ticketsCount === 1),
        'the tag count event',
      );
      expect(counted.data.tag).toMatchObject({ id: tag.id, name: 'Anunciada' });
      await until(
        async () => live.frames.find((f) => f.event === 'ticket' && (f.data.ticket as { id?: number } | undefined)?.id === tickets[0]!.id),
        'the ticket update event',
      );
      await admin.delete(`/tags/${tag.id}`);
      await until(async () => live.frames.find((f) => f.event === 'tag' && f.data.action === 'delete' && f.data.tagId === tag.id), 'the tag delete event');
    } finally {
      live.socket.close();
    }
  });
});
