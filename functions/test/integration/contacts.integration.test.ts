import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox } from './support/sandbox.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Contact = { id: number; name: string; number: string; email: string; extraInfo: { name: string; value: string }[] };
type Page = { contacts: Contact[]; count: number; hasMore: boolean };

describe('contacts', () => {
  it('creates, finds by any word or the end of the number, pages, changes and exports contacts', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Agenda');
    const people = [
      { name: 'José Núñez', number: '5511999990001', email: 'jose@example.com' },
      { name: 'María Silva', number: '5511999990002', email: '' },
      { name: 'Mario Gómez', number: '5521988880003', email: '' },
    ];
    for (const person of people) expect((await admin.post('/contacts', person)).status).toBe(201);
    for (let i = 0; i < 22; i += 1) await admin.post('/contacts', { name: `Zeta ${String(i).padStart(2, '0')}`, number: `55119777700${String(i).padStart(2, '0')}` });

    const byAccentlessName = await admin.get<Page>('/contacts?searchParam=jose');
    expect(byAccentlessName.body.contacts.map((c) => c.name)).toEqual(['José Núñez']);
    expect((await admin.get<Page>('/contacts?searchParam=MAR')).body.contacts.map((c) => c.name)).toEqual(['María Silva', 'Mario Gómez']);
    expect((await admin.get<Page>('/contacts?searchParam=maria silva')).body.contacts.map((c) => c.name)).toEqual(['María Silva']);
    expect((await admin.get<Page>('/contacts?searchParam=88880003')).body.contacts.map((c) => c.name)).toEqual(['Mario Gómez']);

    const first = await admin.get<Page>('/contacts');
    expect(first.body.count).toBe(25);
    expect(first.body.contacts).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts[0]!.name).toBe('José Núñez');
    const second = await admin.get<Page>('/contacts?pageNumber=2');
    expect(second.body.contacts).toHaveLength(5);
    expect(second.body.hasMore).toBe(false);

    const maria = byAccentlessName.body.contacts[0]!;
    const changed = await admin.put<Contact>(`/contacts/${maria.id}`, { name: 'José Núñez Filho', number: '5511999990099', extraInfo: [{ name: 'CPF', value: '123' }] });
    expect(changed.body).toMatchObject({ name: 'José Núñez Filho', number: '5511999990099', extraInfo: [{ name: 'CPF', value: '123' }] });
    expect((await admin.get<Page>('/contacts?searchParam=filho')).body.contacts.map((c) => c.id)).toEqual([maria.id]);
    expect((await admin.get<Page>('/contacts?searchParam=99990001')).body.contacts).toEqual([]);

    const csv = await fetch(`${env.runtime.url}/api/contacts/export`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('contatos.csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('name;number;email');
    expect(lines).toContain('José Núñez Filho;5511999990099;jose@example.com');
    expect(lines).toHaveLength(26);
  });

  it('refuses a duplicated number and bad input with the spec texts', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Duplicados');
    expect((await admin.post('/contacts', { name: 'Ana', number: '5511999990001' })).status).toBe(201);
    const duplicate = await admin.post('/contacts', { name: 'Otra Ana', number: '+55 (11) 99999-0001' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    const invalid = await admin.post<{ issues: { path: string; message: string }[] }>('/contacts', { name: 'A', number: '123', email: 'x' });
    expect(invalid.status).toBe(400);
    const messages = Object.fromEntries(invalid.body.issues.map((i) => [i.path, i.message]));
    expect(messages.name).toBe('muy corto');
    expect(messages.email).toBe('Email no valido');
  });

  it('checks a new number through a connected connection', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Verifica');
    await connectSandbox(admin);
    const created = await admin.post('/contacts', { name: 'Con WhatsApp', number: '5511999990077' });
    expect(created.status).toBe(201);
  });

  it("answers a new number's check promptly while the connection has a backlog of sends", async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Atrasada');
    const whatsappId = await connectSandbox(admin);
    // A backlog that does not move at all: the commands' consumer held, 300 chats' commands
    // queued on the connection. A check queued behind them would time out (ERR_WAPP_CHECK_CONTACT).
    await env.runtime.queue.pauseConsumer('connector-commands');
    try {
      for (let i = 0; i < 300; i += 1) {
        const chat = `55119666${String(i).padStart(5, '0')}`;
        const commandId = `backlog-${companyId}-${i}`;
        await env.runtime.queue.send('connector-commands', {
          body: JSON.stringify({ type: 'markRead', commandId, companyId, whatsappId, chat, messageIds: [`M${i}`] }),
          groupId: `${companyId}:${whatsappId}:${chat}`,
          deduplicationId: `${companyId}:${commandId}`,
        });
      }
      const started = Date.now();
      const created = await admin.post('/contacts', { name: 'Sin espera', number: '5511999990078' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // The connector did answer (not a number taken as given): the sandbox's 999 is not on WhatsApp.
      const refused = await admin.post('/contacts', { name: 'Sin WhatsApp', number: '9991234567' });
      expect(refused.body).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT' });
      // Two checks, each of which would have waited its full 8 s behind the backlog.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      env.runtime.queue.resumeConsumer('connector-commands');
    }
  });

  it("keeps contacts to their company and deletion to admins", async () => {
    const owner = env.client();
    const { companyId } = await signUpCompany(owner, 'Dueña');
    const { body: contact } = await owner.post<Contact>('/contacts', { name: 'Privado', number: '5511999990055' });
    const other = env.client();
    await signUpCompany(other, 'Otra');
    expect((await other.get(`/contacts/${contact.id}`)).status).toBe(404);
    expect((await other.put(`/contacts/${contact.id}`, { name: 'Robado' })).status).toBe(404);
    expect((await other.delete(`/contacts/${contact.id}`)).status).toBe(404);
    expect((await other.get<Page>('/contacts?searchParam=privado')).body.contacts).toEqual([]);

    const { agent } = await agentOf(owner, companyId, 'agente', { name: 'Agente', allTicket: 'desabled' });
    expect((await agent.delete(`/contacts/${contact.id}`)).status).toBe(403);
    expect((await owner.delete(`/contacts/${contact.id}`)).status).toBe(204);
    expect((await owner.get(`/contacts/${contact.id}`)).status).toBe(404);
    expect((await owner.get<Page>('/contacts')).body.count).toBe(0);
  });
});
