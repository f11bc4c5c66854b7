import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDayIn } from '@atende/shared/calendar-day';
import type * as SettingsModule from '../../src/data/settings.ts';
import type { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets, customerWrites } from './support/sandbox.ts';
import { listedTicketIds, sorted } from './support/tickets.ts';
import { until } from './support/until.ts';

/**
 * The inbox's date filters (GET /tickets date and updatedAt, GET /contacts date, dateStart and
 * dateEnd), answered from creation indexes in the company's time zone, and the CSV import of
 * contacts (POST /contacts/import).
 */
let env: TestRuntime;

let settings: typeof SettingsModule;

beforeAll(async () => {
  env = await startTestRuntime();
  settings = await import('../../src/data/settings.ts');
});
afterAll(async () => env?.stop());

type Ticket = {
  id: number;
  status: string;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
  unreadMessages: number;
  contact: { number: string } | null;
};
type TicketPage = { tickets: Ticket[]; count: number; hasMore: boolean };
type Contact = { id: number; name: string; number: string; email: string; createdAt: string };
type ContactPage = { contacts: Contact[]; count: number; hasMore: boolean };
type ImportResult = { created: number; skipped: number; invalid: { line: number; reason: string }[] };

const saoPaulo = 'America/Sao_Paulo';
/** +14 and -11: 25 hours apart, so an instant is never on the same calendar day in both. */
const kiritimati = 'Pacific/Kiritimati';
const pagoPago = 'Pacific/Pago_Pago';

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function importCsv(api: ApiClient, content: string | Uint8Array, name = 'contactos.csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return fetch(`${env.runtime.url}/api/contacts/import`, {
    method: 'POST',
    headers: api.token ? { authorization: `Bearer ${api.token}` } : {},
    body: form,
  });
}

describe('ticket date filters', () => {
  it('finds the tickets created on a day of the company, within the tab and what the caller may see', async () => {
    const { admin, company, tickets } = await companyWithTickets<Ticket>(env, 'FechaTicket', [
      '5511970000001',
      '5511970000002',
    ]);
    const [first, second] = tickets as [Ticket, Ticket];
    const day = calendarDayIn(new Date(first.createdAt), saoPaulo);
    const all = [first.id, second.id].sort((a, b) => a - b);

    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${day}`)).toEqual(all);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${dayBefore(day)}`)).toEqual([]);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${dayAfter(day)}`)).toEqual([]);
    const page = await admin.get<TicketPage>(`/tickets?status=pending&showAll=true&date=${day}`);
    expect(page.body).toMatchObject({ count: 2, hasMore: false });

    // The status stays the tab's: accepting one moves it from pending to the agent's open tab.
    const ana = await agentOf(admin, company.companyId, 'ana');
    expect((await ana.agent.put(`/tickets/${first.id}`, { status: 'open', userId: ana.userId })).status).toBe(
      200,
    );
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${day}`)).toEqual([second.id]);
    expect(await listedTicketIds(ana.agent, `status=open&date=${day}`)).toEqual([first.id]);
    expect(await listedTicketIds(admin, `status=open&showAll=true&users=[${ana.userId}]&date=${day}`)).toEqual([
      first.id,
    ]);
    expect(await listedTicketIds(admin, `status=open&showAll=true&users=[${company.user.id}]&date=${day}`)).toEqual([]);
    // What the caller may see: an agent without allTicket sees no pending ticket without a queue.
    const blind = await agentOf(admin, company.companyId, 'ciego', { allTicket: 'desabled' });
    expect(await listedTicketIds(blind.agent, `status=pending&date=${day}`)).toEqual([]);
    expect(await listedTicketIds(ana.agent, `status=pending&date=${day}`)).toEqual([second.id]);
    // Unread only, and with the search tab.
    expect(await listedTicketIds(admin, `status=pending&showAll=true&withUnreadMessages=true&date=${day}`)).toEqual([
      second.id,
    ]);
    expect(await listedTicketIds(admin, `searchParam=70000002&date=${day}`)).toEqual([second.id]);
    expect(await listedTicketIds(admin, `searchParam=70000002&date=${dayBefore(day)}`)).toEqual([]);

    // Another company's day holds nothing of these.
    const other = env.client();
    await signUpCompany(other, 'FechaAjena');
    expect(await listedTicketIds(other, `status=pending&showAll=true&date=${day}`)).toEqual([]);

    // A bad day is a validation error, not an empty list.
    expect((await admin.get('/tickets?date=2024-13-45')).status).toBe(400);
  });

  it("reads the day in the company's time zone setting", async () => {
    const { admin, company, tickets } = await companyWithTickets<Ticket>(env, 'ZonaTicket', ['5511970000003']);
    const ticket = tickets[0]!;
    const created = new Date(ticket.createdAt);
    await settings.putSetting(company.companyId, 'timezone', kiritimati);
    expect(
      await listedTicketIds(admin, `status=pending&showAll=true&date=${calendarDayIn(created, kiritimati)}`),
    ).toEqual([ticket.id]);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${calendarDayIn(created, pagoPago)}`)).toEqual(
      [],
    );
    await settings.putSetting(company.companyId, 'timezone', pagoPago);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${calendarDayIn(created, pagoPago)}`)).toEqual([
      ticket.id,
    ]);
    expect(
      await listedTicketIds(admin, `status=pending&showAll=true&date=${calendarDayIn(created, kiritimati)}`),
    ).toEqual([]);
    // A zone nobody knows falls back to São Paulo.
    await settings.putSetting(company.companyId, 'timezone', 'Mars/Olympus');
    expect(await listedTicketIds(admin, `status=pending&showAll=true&date=${calendarDayIn(created, saoPaulo)}`)).toEqual([
      ticket.id,
    ]);
  });

  it('keeps the tickets with activity since a day or an instant, with their count', async () => {
    const { admin, whatsappId, tickets } = await companyWithTickets<Ticket>(env, 'Actividad', [
      '5511970000004',
      '5511970000005',
    ]);
    const [first, second] = tickets as [Ticket, Ticket];
    const day = calendarDayIn(new Date(second.updatedAt), saoPaulo);
    expect(await listedTicketIds(admin, `status=pending&showAll=true&updatedAt=${day}`)).toEqual(
      sorted(first.id, second.id),
    );
    expect(await listedTicketIds(admin, `status=pending&showAll=true&updatedAt=${dayAfter(day)}`)).toEqual([]);
    const tomorrow = await admin.get<TicketPage>(
      `/tickets?status=pending&showAll=true&updatedAt=${dayAfter(day)}`,
    );
    expect(tomorrow.body.count).toBe(0);

    // New activity on the first ticket only: an instant between the two activities splits them.
    const mark = new Date(
      Math.max(Date.parse(first.updatedAt), Date.parse(second.updatedAt)) + 1,
    ).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await customerWrites(admin, whatsappId, {
      from: '5511970000004',
      body: 'otra vez',
      id: 'Actividad-again',
    });
    await until(
      async () =>
        (await listedTicketIds(admin, `status=pending&showAll=true&updatedAt=${encodeURIComponent(mark)}`)).length === 1
          ? true
          : undefined,
      'the new activity',
    );
    const since = await admin.get<TicketPage>(
      `/tickets?status=pending&showAll=true&updatedAt=${encodeURIComponent(mark)}`,
    );
    expect(since.body.tickets.map((t) => t.id)).toEqual([first.id]);
    expect(since.body.count).toBe(1);
    // An instant with an offset is the same instant.
    const shifted = new Date(Date.parse(mark) - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    expect(await listedTicketIds(admin, `status=pending&showAll=true&updatedAt=${encodeURIComponent(shifted)}`)).toEqual([
      first.id,
    ]);
    // Both filters together: created on the day and active since the mark.
    expect(
      await listedTicketIds(admin, `status=pending&showAll=true&date=${day}&updatedAt=${encodeURIComponent(mark)}`),
    ).toEqual([first.id]);
  });
});

describe('contact date filters', () => {
  it('lists the contacts created on a day or between two days, newest first, with their count', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'FechaContacto');
    const created: Contact[] = [];
    for (let i = 0; i < 23; i += 1) {
      const answer = await admin.post<Contact>('/contacts', {
        name: `Persona ${String(i).padStart(2, '0')}`,
        number: `55119666600${String(i).padStart(2, '0')}`,
      });
      created.push(answer.body);
    }
    const day = calendarDayIn(new Date(created[0]!.createdAt), saoPaulo);
    const lastDay = calendarDayIn(new Date(created.at(-1)!.createdAt), saoPaulo);
    const newestFirst = [...created].reverse().map((c) => c.id);

    const first = await admin.get<ContactPage>(`/contacts?dateStart=${day}&dateEnd=${lastDay}`);
    expect(first.body.count).toBe(23);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts.map((c) => c.id)).toEqual(newestFirst.slice(0, 20));
    const second = await admin.get<ContactPage>(`/contacts?dateStart=${day}&dateEnd=${lastDay}&pageNumber=2`);
    expect(second.body.contacts.map((c) => c.id)).toEqual(newestFirst.slice(20));
    expect(second.body.hasMore).toBe(false);

    expect((await admin.get<ContactPage>(`/contacts?date=${lastDay}`)).body.contacts.length).toBeGreaterThan(
      0,
    );
    expect((await admin.get<ContactPage>(`/contacts?dateStart=${day}`)).body.count).toBe(23);
    expect((await admin.get<ContactPage>(`/contacts?dateEnd=${lastDay}`)).body.count).toBe(23);
    expect((await admin.get<ContactPage>(`/contacts?dateStart=${dayAfter(lastDay)}`)).body).toMatchObject({
      contacts: [],
      count: 0,
      hasMore: false,
    });
    expect((await admin.get<ContactPage>(`/contacts?dateEnd=${dayBefore(day)}`)).body).toMatchObject({
      contacts: [],
      count: 0,
    });
    expect((await admin.get<ContactPage>(`/contacts?date=${dayBefore(day)}`)).body.contacts).toEqual([]);
    // With the search: the words and the days together.
    const persona07 = created[7]!;
    const tail = persona07.number.slice(-8);
    expect(
      (
        await admin.get<ContactPage>(`/contacts?searchParam=${tail}&dateStart=${day}&dateEnd=${lastDay}`)
      ).body.contacts.map((c) => c.id),
    ).toEqual([persona07.id]);
    expect(
      (await admin.get<ContactPage>(`/contacts?searchParam=${tail}&dateStart=${dayAfter(lastDay)}`)).body
        .contacts,
    ).toEqual([]);
    // Days in the wrong order, or not days at all, are validation errors.
    expect((await admin.get(`/contacts?dateStart=${lastDay}&dateEnd=${dayBefore(day)}`)).status).toBe(400);
    expect((await admin.get('/contacts?date=ayer')).status).toBe(400);

    // The company's time zone decides the day.
    await settings.putSetting(company.companyId, 'timezone', kiritimati);
    const instant = new Date(persona07.createdAt);
    expect(
      (
        await admin.get<ContactPage>(
          `/contacts?date=${calendarDayIn(instant, kiritimati)}&searchParam=${tail}`,
        )
      ).body.contacts,
    ).toHaveLength(1);
    expect(
      (await admin.get<ContactPage>(`/contacts?date=${calendarDayIn(instant, pagoPago)}&searchParam=${tail}`))
        .body.contacts,
    ).toHaveLength(0);

    // Another company sees none of them on that day.
    const other = env.client();
    await signUpCompany(other, 'FechaContactoAjena');
    expect(
      (await other.get<ContactPage>(`/contacts?dateStart=${day}&dateEnd=${lastDay}`)).body,
    ).toMatchObject({ contacts: [], count: 0 });
  });
});

describe('contact import', () => {
  it('imports the export format, skips numbers that exist and reports invalid rows by line', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Importa');
    expect((await admin.post('/contacts', { name: 'Ya Estaba', number: '5511955550001' })).status).toBe(201);
    const csv = [
      'name;number;email',
      'Ya Estaba Otra Vez;+55 (11) 95555-0001;',
      'José Núñez;5511955550002;jose@example.com',
      'Sin Nombre Repetido;5511955550002;',
      ';5511955550003;',
      'Corto;12345;',
      'Mal Correo;5511955550004;no-es-correo',
      '',
      '"Silva; Ana";5511955550005;ana@example.com',
    ].join('\n');
    const answer = await importCsv(admin, csv);
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as ImportResult;
    expect(result).toEqual({
      created: 3,
      skipped: 2,
      invalid: [
        { line: 6, reason: 'Número: muy corto' },
        { line: 7, reason: 'Correo electrónico: Email no valido' },
      ],
    });

    const list = await admin.get<ContactPage>('/contacts');
    expect(list.body.count).toBe(4);
    expect(list.body.contacts.map((c) => [c.name, c.number, c.email])).toEqual([
      ['5511955550003', '5511955550003', ''],
      ['José Núñez', '5511955550002', 'jose@example.com'],
      ['Silva; Ana', '5511955550005', 'ana@example.com'],
      ['Ya Estaba', '5511955550001', ''],
    ]);
    // Imported contacts are searchable and unique like any other.
    expect(
      (await admin.get<ContactPage>('/contacts?searchParam=nunez')).body.contacts.map((c) => c.number),
    ).toEqual(['5511955550002']);
    expect(
      (await admin.get<ContactPage>('/contacts?searchParam=55550005')).body.contacts.map((c) => c.name),
    ).toEqual(['Silva; Ana']);
    expect((await admin.post('/contacts', { name: 'Duplicado', number: '5511955550002' })).status).toBe(409);

    // Importing the same file again creates nothing.
    const again = (await (await importCsv(admin, csv)).json()) as ImportResult;
    expect(again).toMatchObject({ created: 0, skipped: 5 });
    expect((await admin.get<ContactPage>('/contacts')).body.count).toBe(4);
  });

  it('takes commas, Portuguese headers and Windows-1252 files, and what it exported itself', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'ImportaPt');
    const latin1 = Uint8Array.from(
      [...'nome,numero,email\nJo', 0xe3, ...'o,5511944440001,joao@example.com\n'].map((c) =>
        typeof c === 'number' ? c : c.charCodeAt(0),
      ),
    );
    const result = (await (await importCsv(admin, latin1)).json()) as ImportResult;
    expect(result).toEqual({ created: 1, skipped: 0, invalid: [] });
    expect(
      (await admin.get<ContactPage>('/contacts?searchParam=joao')).body.contacts.map((c) => c.name),
    ).toEqual(['João']);

    await admin.post('/contacts', { name: 'Exportada', number: '5511944440002', email: 'exp@example.com' });
    const exported = await (
      await fetch(`${env.runtime.url}/api/contacts/export`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).text();
    const target = env.client();
    await signUpCompany(target, 'ImportaDestino');
    expect((await (await importCsv(target, exported)).json()) as ImportResult).toEqual({
      created: 2,
      skipped: 0,
      invalid: [],
    });
    expect((await target.get<ContactPage>('/contacts')).body.contacts.map((c) => c.name)).toEqual([
      'Exportada',
      'João',
    ]);
  });

  it('imports many rows at once with one count', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'ImportaMuchos');
    // DynamoDB Local writes a few dozen contacts a second; 150 rows still take several transactions in parallel.
    const rows = Array.from(
      { length: 150 },
      (_, i) => `Cliente Masivo ${i};55119333${String(i).padStart(5, '0')};`,
    );
    const result = (await (
      await importCsv(admin, ['name;number;email', ...rows].join('\n'))
    ).json()) as ImportResult;
    expect(result).toEqual({ created: 150, skipped: 0, invalid: [] });
    const list = await admin.get<ContactPage>('/contacts');
    expect(list.body.count).toBe(150);
    expect(
      (await admin.get<ContactPage>('/contacts?searchParam=33300149')).body.contacts.map((c) => c.name),
    ).toEqual(['Cliente Masivo 149']);
    const day = calendarDayIn(new Date(list.body.contacts[0]!.createdAt), saoPaulo);
    expect(
      (await admin.get<ContactPage>(`/contacts?dateStart=${dayBefore(day)}&dateEnd=${dayAfter(day)}`)).body
        .count,
    ).toBe(150);
  });

  it('refuses a missing file, a file too big or with too many rows, and lets every user import', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'ImportaLimites');
    const missing = await fetch(`${env.runtime.url}/api/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: new FormData(),
    });
    expect(missing.status).toBe(400);
    const big = await importCsv(admin, `name;number\n${'Nombre Largo;5511999990001\n'.repeat(170_000)}`);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const tooMany = await importCsv(
      admin,
      [
        'name;number',
        ...Array.from({ length: 10_001 }, (_, i) => `N ${i};55119${String(i).padStart(8, '0')}`),
      ].join('\n'),
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('10000');
    expect((await admin.get<ContactPage>('/contacts')).body.count).toBe(0);

    const agent = await agentOf(admin, company.companyId, 'importador', { allTicket: 'desabled' });
    const byAgent = await importCsv(agent.agent, 'name;number\nDe Agente;5511922220001\n');
    expect(byAgent.status).toBe(200);
    expect(await byAgent.json()).toEqual({ created: 1, skipped: 0, invalid: [] });
    const anonymous = await importCsv(env.client(), 'name;number\nNadie;5511922220002\n');
    expect(anonymous.status).toBe(401);
  });

  it("imports into the caller's company only", async () => {
    const owner = env.client();
    await signUpCompany(owner, 'ImportaDuena');
    await owner.post('/contacts', { name: 'Solo Mía', number: '5511911110001' });
    const other = env.client();
    await signUpCompany(other, 'ImportaOtra');
    // The same number in another company is not a duplicate there.
    expect(
      (await (await importCsv(other, 'name;number\nSolo Mía;5511911110001\n')).json()) as ImportResult,
    ).toEqual({ created: 1, skipped: 0, invalid: [] });
    expect((await owner.get<ContactPage>('/contacts')).body.count).toBe(1);
    expect((await other.get<ContactPage>('/contacts')).body.count).toBe(1);
  });
});
