import { BatchWriteCommand, QueryCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The campaign report's recipients (issue #29): GET /campaigns/{id}/recipients pages and filters
 * a run's recipients by state, /recipients/export gives them as CSV, and a campaign whose entries
 * predate the recipients indexes still lists.
 */

let env: TestRuntime;
let clients: ReturnType<typeof createRuntimeDynamoClients>;

beforeAll(async () => {
  env = await startTestRuntime();
  clients = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
});
afterAll(async () => {
  clients?.destroy();
  await env?.stop();
});

const table = () => env.runtime.env.TABLE_NAME!;
const waitFor = <T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000) =>
  until(probe, 'the campaign', timeoutMs);

interface Recipient {
  name: string;
  number: string;
  state: string;
  confirmationRequestedAt: string | null;
  deliveredAt: string | null;
  confirmedAt: string | null;
  failedAt?: string | null;
  failureReason?: string | null;
}
type RecipientsPage = { records: Recipient[]; hasMore: boolean };
type Campaign = {
  id: number;
  status: string;
  report: {
    confirmationRequests: number;
    confirmations: number;
    deliveries: number;
    failures: number;
    progressPercent: number;
  };
};

/**
 * A contact list of `numbers` written straight to the table as the WhatsApp check leaves it (the
 * paced check is the contact-list module's, tested there): numbers starting with 999 are not on
 * WhatsApp in the sandbox, the others are; those in `checkedValid` passed the check all the same
 * (they lost their account since), so the run sends to them and the sandbox refuses the send.
 */
async function checkedContactList(
  admin: ApiClient,
  companyId: number,
  numbers: string[],
  checkedValid: string[] = [],
): Promise<number> {
  const list = await admin.post<{ id: number }>('/contact-lists', { name: `Destinatarios ${Date.now()}` });
  expect(list.status).toBe(201);
  process.env.TABLE_NAME = table();
  const { contactListItemEntity } = await import('../../src/data/contact-list-item-entity.ts');
  const items = numbers.map((number, i) => {
    const { Item } = contactListItemEntity
      .put({
        companyId,
        id: 700_000 + i,
        contactListId: list.body.id,
        name: `Cliente ${i}`,
        nameKey: `cliente ${i}`,
        number,
        isWhatsappValid: !number.startsWith('999') || checkedValid.includes(number),
      })
      .params() as { Item: Record<string, unknown> };
    return Item;
  });
  for (let i = 0; i < items.length; i += 25) {
    await clients.documents.send(
      new BatchWriteCommand({
        RequestItems: { [table()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
  return list.body.id;
}

async function noWaits(admin: ApiClient) {
  const saved = await admin.post('/campaign-settings', {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    variables: [],
  });
  expect(saved.status).toBe(200);
}

async function startNow(admin: ApiClient, body: Record<string, unknown>): Promise<Campaign> {
  const created = await admin.post<Campaign>('/campaigns', {
    scheduledAt: new Date(Date.now() + 1000).toISOString(),
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const recipients = async (admin: ApiClient, id: number, query = '') => {
  const answer = await admin.get<RecipientsPage>(`/campaigns/${id}/recipients${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

async function exportCsv(admin: ApiClient, id: number, query = '') {
  const answer = await fetch(`${env.runtime.url}/api/campaigns/${id}/recipients/export${query}`, {
    headers: { authorization: `Bearer ${admin.token!}` },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/csv');
  expect(answer.headers.get('content-disposition')).toContain('destinatarios.csv');
  return (await answer.text()).trimEnd().split('\n');
}

const numbersFrom = (base: number, count: number) =>
  Array.from({ length: count }, (_, i) => `55118${String(base + i).padStart(8, '0')}`);

describe('campaign recipients', () => {
  it('pages and filters a finished campaign by state, lists the number not on WhatsApp and exports them', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña destinatarios');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const valid = numbersFrom(30_000, 21);
    const notOnWhatsapp = '99911000001';
    const listId = await checkedContactList(admin, company.companyId, [...valid, notOnWhatsapp]);
    const created = await startNow(admin, {
      name: 'Destinatarios',
      whatsappId,
      contactListId: listId,
      message1: 'Hola {nome}',
    });
    await waitFor(async () => {
      const now = (await admin.get<Campaign>(`/campaigns/${created.id}`)).body;
      return now.status === 'FINALIZADA' ? now : undefined;
    });

    // All states, in send order; the one not on WhatsApp last.
    const first = await recipients(admin, created.id);
    expect(first.hasMore).toBe(true);
    expect(first.records).toHaveLength(20);
    expect(first.records.map((r) => r.number)).toEqual(valid.slice(0, 20));
    expect(first.records[0]).toMatchObject({ name: 'Cliente 0', state: 'delivered', confirmedAt: null });
    expect(Date.parse(first.records[0]!.deliveredAt!)).toBeGreaterThan(0);
    const second = await recipients(admin, created.id, '?pageNumber=2');
    expect(second.hasMore).toBe(false);
    expect(second.records.map((r) => [r.number, r.state])).toEqual([
      [valid[20], 'delivered'],
      [notOnWhatsapp, 'notOnWhatsapp'],
    ]);
    expect(second.records[1]).toMatchObject({ deliveredAt: null, confirmationRequestedAt: null });

    // One state.
    const delivered2 = await recipients(admin, created.id, '?state=delivered&pageNumber=2');
    expect(delivered2).toEqual({ records: [expect.objectContaining({ number: valid[20] })], hasMore: false });
    const skipped = await recipients(admin, created.id, '?state=notOnWhatsapp');
    expect(skipped.records.map((r) => r.number)).toEqual([notOnWhatsapp]);
    expect((await recipients(admin, created.id, '?state=pending')).records).toEqual([]);
    expect((await recipients(admin, created.id, '?state=')).records).toHaveLength(20);
    const refused = await admin.get(`/campaigns/${created.id}/recipients?state=enviado`);
    expect(refused.status).toBe(400);
    expect((await admin.get(`/campaigns/${created.id}/recipients?pageNumber=501`)).status).toBe(400);
    expect((await admin.get('/campaigns/999999/recipients')).body).toEqual({ error: 'ERR_NOT_FOUND' });

    // The CSV: a header and every recipient, or those of one state.
    const csv = await exportCsv(admin, created.id);
    expect(csv[0]).toBe(
      'name;number;state;confirmationRequestedAt;deliveredAt;confirmedAt;failedAt;failureReason',
    );
    expect(csv).toHaveLength(1 + 22);
    expect(csv[1]).toMatch(new RegExp(`^Cliente 0;${valid[0]};delivered;;\\d{4}-.+Z;;;$`));
    expect(csv[22]).toBe(`Cliente 21;${notOnWhatsapp};notOnWhatsapp;;;;;`);
    expect(await exportCsv(admin, created.id, '?state=notOnWhatsapp')).toEqual([
      csv[0],
      `Cliente 21;${notOnWhatsapp};notOnWhatsapp;;;;;`,
    ]);

    // A campaign whose entries were written before the state was kept (no flag, no index
    // attributes, no entry for the number not on WhatsApp) lists the same from its timestamps.
    const entries = await clients.documents.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `C#${company.companyId}`, ':prefix': `CAMPSHIP#${created.id}#` },
      }),
    );
    expect(entries.Items).toHaveLength(22);
    for (const item of entries.Items ?? []) {
      const key = { pk: item.pk, sk: item.sk };
      if (item.recipientState === 'notOnWhatsapp') {
        await clients.documents.send(new DeleteCommand({ TableName: table(), Key: key }));
        continue;
      }
      await clients.documents.send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: 'REMOVE recipientState, #rank, gsi1pk, gsi1sk, gsi2pk, gsi2sk',
          ExpressionAttributeNames: { '#rank': 'rank' },
        }),
      );
    }
    await clients.documents.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `C#${company.companyId}`, sk: `CAMPAIGN#${created.id}` },
        UpdateExpression: 'REMOVE recipientsIndexed',
      }),
    );
    const legacy = await recipients(admin, created.id, '?state=delivered');
    expect(legacy.hasMore).toBe(true);
    expect(legacy.records.map((r) => r.number)).toEqual(valid.slice(0, 20));
    expect((await recipients(admin, created.id, '?pageNumber=2')).records.map((r) => r.number)).toEqual([
      valid[20],
    ]);
    expect(await exportCsv(admin, created.id)).toHaveLength(1 + 21);
  });

  it('shows a send the connector refused as failed with its reason, filterable and in the CSV', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña fallida');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const valid = numbersFrom(50_000, 2);
    // Checked as on WhatsApp, yet the sandbox refuses sends to numbers starting with 999.
    const refused = '99933000001';
    const listId = await checkedContactList(
      admin,
      company.companyId,
      [valid[0]!, refused, valid[1]!],
      [refused],
    );
    const created = await startNow(admin, {
      name: 'Fallida',
      whatsappId,
      contactListId: listId,
      message1: 'Hola {nome}',
    });
    const failed = await waitFor(async () => {
      const page = await recipients(admin, created.id, '?state=failed');
      return page.records.length === 1 ? page.records[0] : undefined;
    });
    expect(failed).toMatchObject({ number: refused, state: 'failed', failureReason: 'sendRefused' });
    expect(Date.parse(failed.failedAt!)).toBeGreaterThanOrEqual(Date.parse(failed.deliveredAt!));
    const finished = await waitFor(async () => {
      const now = (await admin.get<Campaign>(`/campaigns/${created.id}`)).body;
      return now.status === 'FINALIZADA' && now.report.failures === 1 ? now : undefined;
    });
    // The report counts what went out; the refused send is a failure, and the run went through all three.
    expect(finished.report).toMatchObject({ deliveries: 2, failures: 1, progressPercent: 100 });
    // The others were sent; all in send order, the failed one in its place.
    const all = await recipients(admin, created.id);
    expect(all.records.map((r) => [r.number, r.state, r.failureReason])).toEqual([
      [valid[0], 'delivered', null],
      [refused, 'failed', 'sendRefused'],
      [valid[1], 'delivered', null],
    ]);
    expect((await recipients(admin, created.id, '?state=delivered')).records).toHaveLength(2);

    const csv = await exportCsv(admin, created.id, '?state=failed');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^Cliente 1;${refused};failed;;\\d{4}-.+Z;;\\d{4}-.+Z;sendRefused$`));
    expect((await exportCsv(admin, created.id))[2]).toBe(csv[1]);
  });

  it('pages deep and exports past one page of the index', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña larga');
    const created = await admin.post<{ id: number }>('/campaigns', { name: 'Larga', message1: 'hola' });
    expect(created.status).toBe(201);
    // A run's entries as the dispatcher writes them (AP-CA-9, AP-CA-12), written straight to the table.
    process.env.TABLE_NAME = table();
    const { campaignEntity, campaignShippingEntity } = await import('../../src/data/campaign-entity.ts');
    const count = 1_030;
    const at = new Date().toISOString();
    const items = Array.from({ length: count }, (_, position) => {
      const delivered = position % 2 === 0;
      const { Item } = campaignShippingEntity
        .put({
          companyId: company.companyId,
          campaignId: created.body.id,
          position,
          number: `5511${String(position).padStart(9, '0')}`,
          name: `Cliente ${position}`,
          slot: 1,
          rank: position,
          recipientState: delivered ? 'delivered' : 'pending',
          ...(delivered ? { deliveredAt: at } : {}),
        })
        .params() as { Item: Record<string, unknown> };
      return Item;
    });
    for (let i = 0; i < items.length; i += 25) {
      await clients.documents.send(
        new BatchWriteCommand({
          RequestItems: { [table()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
    await campaignEntity
      .patch({ companyId: company.companyId, id: created.body.id })
      .set({ recipientsIndexed: true })
      .go();
    const last = await recipients(admin, created.body.id, '?pageNumber=52');
    expect(last.hasMore).toBe(false);
    expect(last.records.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente ${1020 + i}`),
    );
    const pending = await recipients(admin, created.body.id, '?state=pending&pageNumber=26');
    expect(pending.records.map((r) => r.name)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Cliente ${1001 + 2 * i}`),
    );
    // The export reads the index 500 at a time, following its cursor.
    const csv = await exportCsv(admin, created.body.id);
    expect(csv).toHaveLength(1 + count);
    expect(csv.slice(1).map((line) => line.split(';')[0])).toEqual(
      Array.from({ length: count }, (_, i) => `Cliente ${i}`),
    );
    expect(await exportCsv(admin, created.body.id, '?state=delivered')).toHaveLength(1 + count / 2);
  });

  it('shows who was asked to confirm and who confirmed', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña confirmaciones');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const numbers = numbersFrom(40_000, 2);
    const listId = await checkedContactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'Confirmaciones',
      confirmation: true,
      whatsappId,
      contactListId: listId,
      message1: 'Oferta para {nome}',
      confirmationMessage1: '¿Quiere ofertas, {nome}?',
    });
    await waitFor(async () => {
      const now = (await admin.get<Campaign>(`/campaigns/${created.id}`)).body;
      return now.report.confirmationRequests === 2 ? now : undefined;
    });
    const asked = await recipients(admin, created.id, '?state=awaitingConfirmation');
    expect(asked.records.map((r) => r.number)).toEqual(numbers);
    expect(asked.records[0]!.confirmationRequestedAt).toEqual(expect.any(String));

    await customerWrites(admin, whatsappId, {
      from: numbers[0]!,
      name: 'Cliente 0',
      body: 'sí',
      id: `recipients-${created.id}-0`,
    });
    await waitFor(async () => {
      const now = (await admin.get<Campaign>(`/campaigns/${created.id}`)).body;
      return now.report.confirmations === 1 ? now : undefined;
    });
    const confirmed = await recipients(admin, created.id, '?state=confirmed');
    expect(confirmed.records).toEqual([
      expect.objectContaining({
        number: numbers[0],
        state: 'confirmed',
        confirmedAt: expect.any(String),
        deliveredAt: expect.any(String),
        confirmationRequestedAt: expect.any(String),
      }),
    ]);
    expect(
      (await recipients(admin, created.id, '?state=awaitingConfirmation')).records.map((r) => r.number),
    ).toEqual([numbers[1]]);
    expect((await recipients(admin, created.id)).records.map((r) => r.state)).toEqual([
      'confirmed',
      'awaitingConfirmation',
    ]);
    expect((await admin.post(`/campaigns/${created.id}/cancel`)).status).toBe(200);
  });
});
