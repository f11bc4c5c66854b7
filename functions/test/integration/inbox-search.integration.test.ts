import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets } from './support/sandbox.ts';
import { listedTicketIds, sorted } from './support/tickets.ts';
import { until } from './support/until.ts';

/**
 * The search tab's user filter (core §2: for admins only): GET /tickets with searchParam or tags
 * and users narrows the search to tickets those users hold; an agent's `users` is ignored, the
 * agent still finding exactly what they may see.
 */
let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

describe('search narrowed by user', () => {
  it('narrows an admin’s search by the users holding the tickets, and ignores an agent’s', async () => {
    const { admin, company, tickets } = await companyWithTickets(env, 'BuscaUsuario', [
      { from: '5511960000001', name: 'Cliente Uno', body: 'La caldera pierde agua', id: 'bu-1' },
      { from: '5511960000002', name: 'Cliente Dos', body: 'Mi caldera no calienta', id: 'bu-2' },
      { from: '5511960000003', name: 'Cliente Tres', body: 'Caldera nueva, ¿precio?', id: 'bu-3' },
    ]);
    const [first, second, third] = tickets;
    if (!first || !second || !third) throw new Error('three pending tickets expected');
    const ana = await agentOf(admin, company.companyId, 'ana');
    const beto = await agentOf(admin, company.companyId, 'beto');
    expect((await admin.put(`/tickets/${first.id}`, { userId: ana.userId })).status).toBe(200);
    expect((await admin.put(`/tickets/${second.id}`, { userId: beto.userId })).status).toBe(200);
    const everyone = sorted(first.id, second.id, third.id);
    await until(async () => ((await listedTicketIds(admin, 'searchParam=caldera')).length === 3 ? true : undefined), 'three results');

    expect(await listedTicketIds(admin, 'searchParam=caldera')).toEqual(everyone);
    expect(await listedTicketIds(admin, `searchParam=caldera&users=[${ana.userId}]`)).toEqual([first.id]);
    expect(await listedTicketIds(admin, `searchParam=caldera&users=${ana.userId},${beto.userId}`)).toEqual(
      sorted(first.id, second.id),
    );

    // With a tag: the tickets carrying it, then those of the asked user among them.
    const tag = await admin.post<{ id: number }>('/tags', { name: 'Calderas', color: '#ff9800' });
    expect(tag.status).toBe(201);
    for (const ticket of [first, second]) {
      expect((await admin.put(`/ticket-tags/${ticket.id}/${tag.body.id}`)).status).toBeLessThan(300);
    }
    expect(await listedTicketIds(admin, `tags=[${tag.body.id}]`)).toEqual(sorted(first.id, second.id));
    expect(await listedTicketIds(admin, `tags=[${tag.body.id}]&users=[${beto.userId}]`)).toEqual([second.id]);

    // An agent's user filter is ignored: Ana finds hers and the pending one without a queue.
    const anaSees = sorted(first.id, third.id);
    expect(await listedTicketIds(ana.agent, 'searchParam=caldera')).toEqual(anaSees);
    expect(await listedTicketIds(ana.agent, `searchParam=caldera&users=[${beto.userId}]`)).toEqual(anaSees);
  });
});
