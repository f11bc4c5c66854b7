import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { connectSandbox } from './support/sandbox.ts';
import { until } from './support/until.ts';
import { contactListImportSteps } from '../../src/domain/contact-list-import.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type ContactList = {
  id: number;
  name: string;
  contactsCount: number;
  import: {
    id: string;
    status: string;
    total: number;
    done: number;
    created: number;
    merged: number;
    refused: number;
  } | null;
};
type Item = {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  contactListId: number;
};
type ItemsPage = { contacts: Item[]; count: number; hasMore: boolean };
type Report = {
  importId: string;
  total: number;
  accepted: number;
  refused: { line: number; reason: string }[];
  merged: { line: number; into: number }[];
};

async function company(label: string) {
  const admin = env.client();
  const signed = await signUpCompany(admin, label);
  return { admin, companyId: signed.companyId };
}

async function newList(admin: ApiClient, name: string): Promise<ContactList> {
  const created = await admin.post<ContactList>('/contact-lists', { name });
  expect(created.status).toBe(201);
  return created.body;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contactos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(api: ApiClient, listId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return fetch(`${env.runtime.url}/api/contact-lists/${listId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
}

async function allItems(admin: ApiClient, listId: number): Promise<Item[]> {
  const items: Item[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await admin.get<ItemsPage>(
      `/contact-list-items?contactListId=${listId}&pageNumber=${pageNumber}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body.contacts);
    if (!page.body.hasMore) return items;
  }
}

const importDone = (admin: ApiClient, listId: number) =>
  until(async () => {
    const list = (await admin.get<ContactList>(`/contact-lists/${listId}`)).body;
    return list.import?.status === 'done' ? list : undefined;
  }, 'the import done');

describe('contact lists', () => {
  it('creates, reads, renames and deletes lists and items with the form texts, the count always exact', async () => {
    const { admin } = await company('Listas CRUD');
    const short = await admin.post('/contact-lists', { name: 'a' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'name', message: 'muy corto' }],
    });
    const list = await newList(admin, 'Clientes VIP');
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0, import: null });
    expect(
      (await admin.put<ContactList>(`/contact-lists/${list.id}`, { name: 'Clientes Oro' })).body.name,
    ).toBe('Clientes Oro');

    const badEmail = await admin.post('/contact-list-items', {
      contactListId: list.id,
      name: 'Ana',
      number: '5511911110001',
      email: 'ana@',
    });
    expect(badEmail.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'email', message: 'Email no valido' }],
    });
    const shortNumber = await admin.post('/contact-list-items', {
      contactListId: list.id,
      name: 'Ana',
      number: '1234',
    });
    expect(shortNumber.status).toBe(400);
    const missingName = await admin.post('/contact-list-items', {
      contactListId: list.id,
      number: '5511911110001',
    });
    expect(missingName.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'name', message: 'Requerido' }],
    });

    const ana = await admin.post<Item>('/contact-list-items', {
      contactListId: list.id,
      name: 'Ana',
      number: '+55 (11) 91111-0001',
      email: 'ana@example.com',
    });
    expect(ana.status).toBe(201);
    expect(ana.body).toMatchObject({
      name: 'Ana',
      number: '5511911110001',
      email: 'ana@example.com',
      isWhatsappValid: null,
      contactListId: list.id,
    });
    const beto = await admin.post<Item>('/contact-list-items', {
      contactListId: list.id,
      name: 'Beto',
      number: '5511911110002',
    });
    const again = await admin.post('/contact-list-items', {
      contactListId: list.id,
      name: 'Otra Ana',
      number: '5511911110001',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    expect((await admin.get<ContactList>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(2);

    // A number taken by another item is refused; the item's own new number moves its claim.
    expect((await admin.put(`/contact-list-items/${beto.body.id}`, { number: '5511911110001' })).status).toBe(
      409,
    );
    const moved = await admin.put<Item>(`/contact-list-items/${beto.body.id}`, {
      number: '5511911110003',
      name: 'Roberto',
    });
    expect(moved.body).toMatchObject({ name: 'Roberto', number: '5511911110003' });
    const carla = await admin.post<Item>('/contact-list-items', {
      contactListId: list.id,
      name: 'Carla',
      number: '5511911110002',
    });
    expect(carla.status).toBe(201);

    const search = await admin.get<ItemsPage>(
      `/contact-list-items?contactListId=${list.id}&searchParam=robe`,
    );
    expect(search.body.contacts.map((item) => item.name)).toEqual(['Roberto']);
    expect(
      (
        await admin.get<ItemsPage>(`/contact-list-items?contactListId=${list.id}&searchParam=0001`)
      ).body.contacts.map((i) => i.name),
    ).toEqual(['Ana']);
    expect((await allItems(admin, list.id)).map((item) => item.name)).toEqual(['Ana', 'Carla', 'Roberto']);

    expect((await admin.delete(`/contact-list-items/${ana.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/contact-list-items/${ana.body.id}`)).status).toBe(404);
    expect((await admin.get<ContactList>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(2);
    const lists = await admin.get<{ records: ContactList[]; hasMore: boolean }>(
      '/contact-lists?searchParam=oro',
    );
    expect(lists.body).toMatchObject({ records: [{ id: list.id, contactsCount: 2 }], hasMore: false });
    expect((await admin.get<ContactList[]>('/contact-lists/list')).body.map((l) => l.name)).toEqual([
      'Clientes Oro',
    ]);

    const live = await listen(admin);
    expect((await admin.delete(`/contact-lists/${list.id}`)).status).toBe(204);
    expect((await admin.get(`/contact-lists/${list.id}`)).status).toBe(404);
    await until(
      async () =>
        (await admin.get(`/contact-list-items/${moved.body.id}`)).status === 404 ? true : undefined,
      'the items purged',
    );
    await until(
      async () =>
        live.frames.some((f) => f.event === 'ContactList' && f.data.action === 'delete') ? true : undefined,
      'the list delete event',
    );
    // A later change's event comes after any the purge made (the stream keeps the order).
    const after = await newList(admin, 'Después');
    await until(
      async () =>
        live.frames.some(
          (f) => f.event === 'ContactList' && (f.data.record as ContactList | undefined)?.id === after.id,
        )
          ? true
          : undefined,
      'a later event',
    );
    // The purge's item deletes make no events: the list's own delete told the screens. (Ana's own
    // delete above may still be on its way through the stream when the socket opens, so only the
    // purged items are judged.)
    const purgedIds = new Set([moved.body.id, carla.body.id]);
    expect(
      live.frames.filter(
        (f) => f.event.startsWith('ContactListItem') && purgedIds.has((f.data as { id?: number }).id ?? -1),
      ),
    ).toEqual([]);
    live.socket.close();
  });

  it('imports an .xlsx with bad rows: the per-row report, merged duplicates, exact count, live progress and WhatsApp checks', async () => {
    const { admin } = await company('Listas Import');
    await connectSandbox(admin);
    const list = await newList(admin, 'Importada');
    await admin.post('/contact-list-items', {
      contactListId: list.id,
      name: 'Ya estaba',
      number: '5511922220001',
    });
    const live = await listen(admin);
    const bytes = await xlsx([
      ['Nombre', 'Número', 'Email'],
      ['Ana', '+55 11 92222-0002', 'ana@example.com'], // line 2: accepted
      ['Sin número', 'ninguno', ''], // 3: refused
      ['Corto', '12345', ''], // 4: refused (too short)
      ['Mal correo', '5511922220003', 'correo@'], // 5: refused
      ['Ana Segunda', '5511922220002', ''], // 6: merged into line 2
      ['Ya estaba, renombrado', 5511922220001, ''], // 7: merges into the existing item (a numeric cell)
      ['', '9991234567', ''], // 8: no name: takes its number; not on WhatsApp (sandbox 999)
      [],
      ['Beto', '5511922220004', 'beto@example.com'], // 10: accepted
    ]);
    const answer = await upload(admin, list.id, bytes, 'lista.xlsx');
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as Report;
    expect(report).toMatchObject({ total: 8, accepted: 4 });
    expect(report.refused).toEqual([
      { line: 3, reason: 'Número: Requerido' },
      { line: 4, reason: 'Número: muy corto' },
      { line: 5, reason: 'Correo electrónico: Email no valido' },
    ]);
    expect(report.merged).toEqual([{ line: 6, into: 2 }]);

    const done = await importDone(admin, list.id);
    expect(done.contactsCount).toBe(4);
    expect(done.import).toMatchObject({
      id: report.importId,
      total: 4,
      done: 4,
      created: 3,
      merged: 1,
      refused: 3,
    });
    const items = await allItems(admin, list.id);
    expect(items.map(({ name, number, email }) => ({ name, number, email }))).toEqual([
      { name: '9991234567', number: '9991234567', email: '' },
      { name: 'Ana Segunda', number: '5511922220002', email: 'ana@example.com' },
      { name: 'Beto', number: '5511922220004', email: 'beto@example.com' },
      { name: 'Ya estaba, renombrado', number: '5511922220001', email: '' },
    ]);

    // Each number checked through the connected sandbox, shown per item.
    const checked = await until(async () => {
      const now = await allItems(admin, list.id);
      return now.every((item) => item.isWhatsappValid !== null) ? now : undefined;
    }, 'every number checked');
    expect(Object.fromEntries(checked.map((item) => [item.number, item.isWhatsappValid]))).toEqual({
      '9991234567': false,
      '5511922220002': true,
      '5511922220004': true,
      '5511922220001': true,
    });

    // The screen followed the import live: the list's progress, then a reload of its items.
    await until(
      async () =>
        live.frames.some((f) => f.event === `ContactListItem-${list.id}` && f.data.action === 'reload')
          ? true
          : undefined,
      'the reload event',
    );
    const progress = live.frames
      .filter((f) => f.event === 'ContactList')
      .map((f) => (f.data.record as ContactList).import?.status);
    expect(progress).toContain('running');
    expect(progress).toContain('done');
    // The checks' results arrive as item updates on the list's own channel.
    expect(
      live.frames.some(
        (f) =>
          f.event === `ContactListItem-${list.id}` &&
          (f.data.record as Item | undefined)?.isWhatsappValid === false,
      ),
    ).toBe(true);
    live.socket.close();
  });

  it('refuses a file it cannot read and an old binary .xls with a reason', async () => {
    const { admin } = await company('Listas Archivo');
    const list = await newList(admin, 'Archivos');
    const legacy = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const refused = await upload(admin, list.id, legacy, 'viejo.xls');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'file', message: expect.stringContaining('.xlsx') }],
    });
    const broken = await upload(admin, list.id, Buffer.from('PK\u0003\u0004 no es un zip'), 'roto.xlsx');
    expect(broken.status).toBe(400);
    // CSV is read too, with or without a header.
    const csv = await upload(
      admin,
      list.id,
      Buffer.from('Lia;5511933330001\nMax;5511933330002\n'),
      'lista.csv',
    );
    expect(((await csv.json()) as Report).accepted).toBe(2);
    expect((await importDone(admin, list.id)).contactsCount).toBe(2);
  });

  it('imports a large file in queued steps, each resuming at the last checkpoint: the count exact, the progress ending at the total', async () => {
    const { admin } = await company('Listas Grandes');
    const list = await newList(admin, 'Tres mil');
    const live = await listen(admin);
    const rows: unknown[][] = [['name', 'number']];
    // More rows than one step writes (rowsPerStep, 2,450): at least two steps.
    for (let i = 0; i < 3_000; i += 1) rows.push([`Cliente ${i}`, `5511${String(900_000_000 + i)}`]);
    rows.push(['Repetido', '5511900000000']);
    const started = Date.now();
    const answer = await upload(admin, list.id, await xlsx(rows), 'grande.xlsx');
    expect(answer.status).toBe(200);
    expect((await answer.json()) as Report).toMatchObject({
      total: 3_001,
      accepted: 3_000,
      refused: [],
      merged: [{ line: 3_002, into: 2 }],
    });
    const done = await until(
      async () => {
        const now = (await admin.get<ContactList>(`/contact-lists/${list.id}`)).body;
        return now.import?.status === 'done' ? now : undefined;
      },
      'the 3,000 rows written',
      150_000,
    );
    expect(done.contactsCount).toBe(3_000);
    expect(done.import).toMatchObject({ total: 3_000, done: 3_000, created: 3_000, merged: 0 });
    console.info(`3,000-row import written in ${Date.now() - started} ms`);
    // The live progress passed the first step's last checkpoint on its way (the live channel may
    // still be delivering frames behind the stored status on a busy machine: wait for it).
    const progress = () =>
      live.frames
        .filter((f) => f.event === 'ContactList' && (f.data.record as ContactList).id === list.id)
        .map((f) => (f.data.record as ContactList).import?.done);
    await until(
      async () => (progress().includes(contactListImportSteps.rowsPerStep) ? true : undefined),
      'the first step\'s checkpoint on the live channel',
      30_000,
    ).catch(() => undefined);
    expect(progress()).toContain(contactListImportSteps.rowsPerStep);
    live.socket.close();
    const firstPage = await admin.get<ItemsPage>(`/contact-list-items?contactListId=${list.id}&pageNumber=1`);
    expect(firstPage.body).toMatchObject({ count: 20, hasMore: true });
  }, 180_000);

  it("keeps each company's lists to itself and admins only", async () => {
    const a = await company('Listas A');
    const b = await company('Listas B');
    const list = await newList(a.admin, 'Solo de A');
    const item = await a.admin.post<Item>('/contact-list-items', {
      contactListId: list.id,
      name: 'Secreto',
      number: '5511944440001',
    });
    expect((await b.admin.get(`/contact-lists/${list.id}`)).status).toBe(404);
    expect((await b.admin.get(`/contact-list-items?contactListId=${list.id}`)).status).toBe(404);
    expect((await b.admin.get(`/contact-list-items/${item.body.id}`)).status).toBe(404);
    expect((await b.admin.put(`/contact-list-items/${item.body.id}`, { name: 'Robado' })).status).toBe(404);
    expect(
      (
        await b.admin.post('/contact-list-items', {
          contactListId: list.id,
          name: 'Intruso',
          number: '5511944440002',
        })
      ).status,
    ).toBe(404);
    expect((await b.admin.delete(`/contact-lists/${list.id}`)).status).toBe(404);
    expect((await b.admin.get<ContactList[]>('/contact-lists/list')).body).toEqual([]);
    expect((await a.admin.get<ContactList>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(1);

    const agent = await agentOf(a.admin, a.companyId, 'lia');
    expect((await agent.agent.get('/contact-lists')).status).toBe(403);
    expect((await agent.agent.get(`/contact-list-items?contactListId=${list.id}`)).status).toBe(403);
  });

  it('refuses every route when the plan turns campaigns off', async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin campañas ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useCampaigns: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-campanas-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin campañas ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const admin = env.client();
    expect((await admin.login(email, 'secret1')).status).toBe(200);
    const calls = [
      admin.get('/contact-lists'),
      admin.get('/contact-lists/list'),
      admin.post('/contact-lists', { name: 'No' }),
      admin.get('/contact-lists/1'),
      admin.put('/contact-lists/1', { name: 'No' }),
      admin.delete('/contact-lists/1'),
      admin.get('/contact-list-items?contactListId=1'),
      admin.post('/contact-list-items', { contactListId: 1, name: 'No', number: '5511900000000' }),
      admin.get('/contact-list-items/1'),
      admin.delete('/contact-list-items/1'),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
