import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createRuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets, connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/** Polls until the probe answers, up to `timeoutMs`. */
const waitFor = <T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000) =>
  until(probe, 'the campaign', timeoutMs);

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

type Campaign = {
  id: number;
  status: string;
  completedAt: string | null;
  report: {
    validContacts: number;
    deliveries: number;
    confirmationRequests: number;
    confirmations: number;
    progressPercent: number;
  };
};

const table = () => env.runtime.env.TABLE_NAME!;

/** Every item of a company partition whose sort key starts with `prefix`. */
async function itemsWithPrefix(companyId: number, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await clients.documents.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Campaign settings without waits, so the tests measure the machinery. */
async function noWaits(admin: ApiClient) {
  expect(
    (
      await admin.post('/campaign-settings', {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        variables: [{ key: 'tienda', value: 'Centro' }],
      })
    ).status,
  ).toBe(200);
}

/**
 * A contact list of `numbers`, imported as a CSV and then marked valid on WhatsApp directly (the
 * paced WhatsApp check is the contact-list module's, tested there; it would take minutes here).
 */
async function contactList(admin: ApiClient, companyId: number, numbers: string[]): Promise<number> {
  const list = await admin.post<{ id: number }>('/contact-lists', { name: `Lista ${Date.now()}` });
  expect(list.status).toBe(201);
  const csv = ['name,number,email', ...numbers.map((n, i) => `Cliente ${i},${n},c${i}@example.com`)].join(
    '\n',
  );
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'lista.csv');
  const upload = await fetch(`${env.runtime.url}/api/contact-lists/${list.body.id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token!}` },
    body: form,
  });
  expect(upload.status).toBeLessThan(300);
  const items = await waitFor(async () => {
    const found = (await itemsWithPrefix(companyId, 'CLITEM#')).filter(
      (item) => item.contactListId === list.body.id,
    );
    return found.length === numbers.length ? found : undefined;
  }, 120_000);
  for (const item of items) {
    await clients.documents.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET isWhatsappValid = :v',
        ExpressionAttributeValues: { ':v': true },
      }),
    );
  }
  return list.body.id;
}

/**
 * A contact list whose `count` items are written straight to the table as checked and valid, in
 * the list module's own item format: no import and no paced WhatsApp check, whose commands would
 * share the connection with the campaign and take minutes for 1,000 numbers.
 */
async function bigContactList(admin: ApiClient, companyId: number, numbers: string[]): Promise<number> {
  const list = await admin.post<{ id: number }>('/contact-lists', { name: `Grande ${Date.now()}` });
  expect(list.status).toBe(201);
  process.env.TABLE_NAME = table();
  const { contactListItemEntity } = await import('../../src/data/contact-list-item-entity.ts');
  const items = numbers.map((number, i) => {
    const { Item } = contactListItemEntity
      .put({
        companyId,
        id: 900_000 + i,
        contactListId: list.body.id,
        name: `Cliente ${i}`,
        nameKey: `cliente ${i}`,
        number,
        isWhatsappValid: true,
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

const numbersFrom = (base: number, count: number) =>
  Array.from({ length: count }, (_, i) => `55119${String(base + i).padStart(8, '0')}`);

async function campaign(admin: ApiClient, id: number): Promise<Campaign> {
  return (await admin.get<Campaign>(`/campaigns/${id}`)).body;
}

async function startNow(admin: ApiClient, body: Record<string, unknown>): Promise<Campaign> {
  const created = await admin.post<Campaign>('/campaigns', {
    scheduledAt: new Date(Date.now() + 1000).toISOString(),
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe('PROGRAMADA');
  return created.body;
}

/** When each recipient's message was stored and handed to the connector (by its derived id). */
async function messageTimes(companyId: number, campaignId: number, positions: number): Promise<number[]> {
  process.env.TABLE_NAME = table();
  const { derivedMessageId } = await import('../../src/modules/messages/send-outbound.ts');
  const keys = Array.from({ length: positions }, (_, position) => ({
    pk: `C#${companyId}#MSG#${derivedMessageId(`campaign:${companyId}:${campaignId}:${position}:message`)}`,
    sk: 'MSG',
  }));
  const times: number[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const page = await clients.documents.send(
      new BatchGetCommand({
        RequestItems: { [table()]: { Keys: keys.slice(i, i + 100), ConsistentRead: true } },
      }),
    );
    for (const item of page.Responses?.[table()] ?? []) times.push(Date.parse(String(item.createdAt)));
  }
  return times;
}

/** The campaign's own record in the table (its dispatch state: cursor, tickSeq, runId...). */
async function campaignRecord(companyId: number, campaignId: number): Promise<Record<string, unknown>> {
  const items = await itemsWithPrefix(companyId, `CAMPAIGN#${campaignId}`);
  return items.find((item) => item.sk === `CAMPAIGN#${campaignId}`)!;
}

/**
 * A running campaign to `numbers` whose send steps have found the connection taken: another
 * campaign's lease is written on it first, so the run prepares its entries and its first send
 * step returns without sending. Until `free()`, nothing of it is sent.
 */
async function preparedBehindLease(
  admin: ApiClient,
  companyId: number,
  whatsappId: number,
  numbers: string[],
) {
  const leaseKey = { pk: `C#${companyId}`, sk: `CAMPLEASE#${whatsappId}` };
  await clients.documents.send(
    new PutCommand({
      TableName: table(),
      Item: { ...leaseKey, companyId, whatsappId, campaignId: 999_999, expiresAtMs: Date.now() + 600_000 },
    }),
  );
  const listId = await bigContactList(admin, companyId, numbers);
  const created = await startNow(admin, {
    name: 'Reentrega',
    whatsappId,
    contactListId: listId,
    message1: 'Reentrega {nome}',
  });
  const record = await waitFor(async () => {
    const now = await campaignRecord(companyId, created.id);
    return now.prepared === true && now.preparedCount === numbers.length ? now : undefined;
  }, 120_000);
  return {
    campaignId: created.id,
    runId: String(record.runId),
    free: () => clients.documents.send(new DeleteCommand({ TableName: table(), Key: leaseKey })),
  };
}

/**
 * What a send step leaves when the runtime dies in the middle of its burst: positions 0 to
 * `count - 1` claimed (deliveredAt on each entry, the campaign's cursor and counter moved, as
 * claimSend's transaction does) and none of them handed to the connector.
 */
async function claimedByDeadStep(companyId: number, campaignId: number, count: number, total: number) {
  const at = new Date().toISOString();
  const finishes = count === total;
  await clients.documents.send(
    new TransactWriteCommand({
      TransactItems: [
        ...Array.from({ length: count }, (_, position) => ({
          Update: {
            TableName: table(),
            Key: { pk: `C#${companyId}`, sk: `CAMPSHIP#${campaignId}#${position}` },
            UpdateExpression: 'SET deliveredAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deliveredAt)',
            ExpressionAttributeValues: { ':at': at },
          },
        })),
        {
          Update: {
            TableName: table(),
            Key: { pk: `C#${companyId}`, sk: `CAMPAIGN#${campaignId}` },
            UpdateExpression: `SET #cursor = :cursor, nextDueAtMs = :due${finishes ? ', #status = :done, completedAt = :at' : ''} ADD deliveries :count`,
            ConditionExpression: '#cursor = :zero AND #status = :running',
            ExpressionAttributeNames: { '#cursor': 'cursor', '#status': 'status' },
            ExpressionAttributeValues: {
              ':cursor': count,
              ':due': Date.now(),
              ':count': count,
              ':zero': 0,
              ':running': 'EM_ANDAMENTO',
              ...(finishes ? { ':done': 'FINALIZADA', ':at': at } : {}),
            },
          },
        },
      ],
    }),
  );
}

/** Every message the sandbox really sent, counted by number, once at least `count` were sent. */
async function sentPerNumber(companyId: number, whatsappId: number, count: number) {
  const sent = await waitFor(async () => {
    const items = await itemsWithPrefix(companyId, `SANDBOX#${whatsappId}#OUT#`);
    return items.length >= count ? items : undefined;
  }, 60_000);
  const perNumber = new Map<string, number>();
  for (const item of sent) perNumber.set(String(item.to), (perNumber.get(String(item.to)) ?? 0) + 1);
  return perNumber;
}

describe('campaigns', () => {
  it('keeps the edit rules and schedules a campaign more than a minute ahead', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Campañas reglas');
    const whatsappId = await connectSandbox(admin);
    const inactive = await admin.post<Campaign & { name: string }>('/campaigns', {
      name: 'Sin fecha',
      message1: 'hola',
    });
    expect(inactive.status).toBe(201);
    expect(inactive.body.status).toBe('INATIVA');
    expect((await admin.post('/campaigns', { name: 'x' })).status).toBe(400);
    // A schedule needs a connection, recipients and a message.
    const incomplete = await admin.post('/campaigns', {
      name: 'Incompleta',
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(incomplete.status).toBe(400);
    const list = await admin.post<{ id: number }>('/contact-lists', { name: 'Reglas' });
    const later = await admin.post<Campaign>('/campaigns', {
      name: 'En dos horas',
      whatsappId,
      contactListId: list.body.id,
      message1: 'hola {nome}',
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(later.body.status).toBe('PROGRAMADA');
    expect(await env.timers(`-campaign-${later.body.id}-start`)).toHaveLength(1);
    // More than an hour ahead: editable; moved to 30 minutes ahead it is no longer.
    const moved = await admin.put<Campaign>(`/campaigns/${later.body.id}`, {
      scheduledAt: new Date(Date.now() + 1_800_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const refused = await admin.put(`/campaigns/${later.body.id}`, { name: 'Cambio' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect((await admin.post(`/campaigns/${later.body.id}/cancel`)).body).toEqual({
      error: 'ERR_CAMPAIGN_STATUS',
    });
    expect((await admin.post(`/campaigns/${inactive.body.id}/restart`)).status).toBe(409);
    expect((await admin.delete(`/campaigns/${later.body.id}`)).status).toBe(204);
    expect(await env.timers(`-campaign-${later.body.id}-start`)).toHaveLength(0);
    const page = await admin.get<{ records: { name: string }[]; hasMore: boolean }>(
      '/campaigns?searchParam=sin',
    );
    expect(page.body.records.map((r) => r.name)).toEqual(['Sin fecha']);
  });

  it('asks for confirmation first and sends the message once the customer answers', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña confirmación');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const numbers = numbersFrom(10_000, 2);
    const listId = await contactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'Confirmar',
      confirmation: true,
      whatsappId,
      contactListId: listId,
      message1: 'Oferta para {nome} en {tienda}',
      confirmationMessage1: '¿Quiere recibir ofertas, {nome}?',
    });
    const asked = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.report.confirmationRequests === 2 ? now : undefined;
    });
    expect(asked.status).toBe('EM_ANDAMENTO');
    expect(asked.report).toMatchObject({ validContacts: 2, deliveries: 0, confirmations: 0 });
    const first = await waitFor(async () => {
      const sent = await outboxOf(admin, whatsappId, numbers[0]!);
      return sent.length === 1 ? sent : undefined;
    });
    expect(first[0]!.body).toBe('¿Quiere recibir ofertas, Cliente 0?');

    await customerWrites(admin, whatsappId, {
      from: numbers[0]!,
      name: 'Cliente 0',
      body: 'sí',
      id: `conf-${created.id}-0`,
    });
    const both = await waitFor(async () => {
      const sent = await outboxOf(admin, whatsappId, numbers[0]!);
      return sent.length === 2 ? sent : undefined;
    });
    expect(both[1]!.body).toBe('Oferta para Cliente 0 en Centro');
    // A second answer sends nothing more.
    await customerWrites(admin, whatsappId, {
      from: numbers[0]!,
      name: 'Cliente 0',
      body: 'sí otra vez',
      id: `conf-${created.id}-0b`,
    });
    await customerWrites(admin, whatsappId, {
      from: numbers[1]!,
      name: 'Cliente 1',
      body: 'ok',
      id: `conf-${created.id}-1`,
    });
    const done = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    });
    expect(done.report).toMatchObject({
      validContacts: 2,
      deliveries: 2,
      confirmationRequests: 2,
      confirmations: 2,
      progressPercent: 100,
    });
    expect(done.completedAt).toEqual(expect.any(String));
    expect(await outboxOf(admin, whatsappId, numbers[0]!)).toHaveLength(2);
    expect((await outboxOf(admin, whatsappId, numbers[1]!)).map((m) => m.body)).toEqual([
      '¿Quiere recibir ofertas, Cliente 1?',
      'Oferta para Cliente 1 en Centro',
    ]);
  });

  // Its waits (first send, the quiet 8 s, the restarted run) add up past the default minute on a
  // loaded machine: each wait has its own budget, the test the sum of them.
  it('stops within one message on cancel and sends only the unsent on restart', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña cancelar');
    const whatsappId = await connectSandbox(admin);
    // One message every 5 s at most: time to cancel mid-way.
    expect(
      (
        await admin.post('/campaign-settings', {
          messageInterval: 5,
          longerIntervalAfter: 1,
          greaterInterval: 1,
          variables: [],
        })
      ).status,
    ).toBe(200);
    const numbers = numbersFrom(20_000, 6);
    const listId = await contactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'Cancelar',
      whatsappId,
      contactListId: listId,
      message1: 'Hola {nome}',
    });
    await waitFor(
      async () => ((await campaign(admin, created.id)).report.deliveries >= 1 ? true : undefined),
      60_000,
    );
    const cancelled = await admin.post<Campaign>(`/campaigns/${created.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = cancelled.body.report.deliveries;
    expect(atCancel).toBeLessThan(6);
    // Nothing more goes while cancelled (at most the one in flight when cancel came).
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const still = await campaign(admin, created.id);
    expect(still.status).toBe('CANCELADA');
    expect(still.report.deliveries).toBeLessThanOrEqual(atCancel + 1);

    const restarted = await admin.post<Campaign>(`/campaigns/${created.id}/restart`);
    expect(restarted.status).toBe(200);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    const done = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 90_000);
    expect(done.report.deliveries).toBe(6);
    for (const number of numbers) {
      const sent = await waitFor(async () => {
        const items = await outboxOf(admin, whatsappId, number);
        return items.length > 0 ? items : undefined;
      });
      expect(
        sent.map((m) => m.body),
        number,
      ).toHaveLength(1);
    }
  }, 180_000);

  it('sends a tag list to the contacts whose tickets carry the tag, each once', async () => {
    const numbers = numbersFrom(50_000, 3);
    const { admin, whatsappId, tickets } = await companyWithTickets(env, 'campana-etiqueta', numbers);
    await noWaits(admin);
    const tag = await admin.post<{ id: number }>('/tags', { name: 'Clientes VIP' });
    expect(tag.status).toBe(201);
    for (const ticket of tickets.slice(0, 2))
      expect((await admin.put(`/ticket-tags/${ticket.id}/${tag.body.id}`)).status).toBeLessThan(300);
    // Another company's tag id is not this company's.
    const other = env.client();
    await signUpCompany(other, 'Campaña etiqueta ajena');
    const otherWhatsapp = await connectSandbox(other);
    expect(
      (
        await other.post('/campaigns', {
          name: 'Ajena',
          whatsappId: otherWhatsapp,
          tagListId: tag.body.id,
          message1: 'x',
          scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
        })
      ).status,
    ).toBe(404);

    const created = await startNow(admin, {
      name: 'Por etiqueta',
      whatsappId,
      tagListId: tag.body.id,
      message1: 'Hola {nome}, oferta {tienda}',
    });
    const done = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 60_000);
    expect(done.report).toMatchObject({ validContacts: 2, deliveries: 2, progressPercent: 100 });
    for (const [i, number] of numbers.slice(0, 2).entries()) {
      const sent = await waitFor(async () => {
        const items = await outboxOf(admin, whatsappId, number);
        return items.length > 0 ? items : undefined;
      });
      expect(sent.map((m) => m.body)).toEqual([`Hola Cliente ${i + 1}, oferta Centro`]);
    }
    expect(await outboxOf(admin, whatsappId, numbers[2]!)).toEqual([]);
  });

  it('lets at most one recipient go after a cancel in a burst without waits, and the restart sends the rest once', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña ráfaga');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    // The sandbox's pace set to 10 recipients a second (docs/decisions.md, "Campaigns: the
    // connection's pace"), so the cancel lands mid-way: 20 go before it, many are left.
    process.env.CAMPAIGN_PACE_SANDBOX = '10';
    onTestFinished(() => {
      delete process.env.CAMPAIGN_PACE_SANDBOX;
    });
    const count = 100;
    const numbers = numbersFrom(60_000, count);
    const listId = await bigContactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'Ráfaga',
      whatsappId,
      contactListId: listId,
      message1: 'Ráfaga {nome}',
    });
    await waitFor(
      async () => ((await campaign(admin, created.id)).report.deliveries >= 20 ? true : undefined),
      120_000,
    );
    const cancelled = await admin.post<Campaign>(`/campaigns/${created.id}/cancel`);
    const answeredAt = Date.now();
    expect(cancelled.status).toBe(200);
    const atCancel = cancelled.body.report.deliveries;
    expect(atCancel).toBeLessThan(count);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const still = await campaign(admin, created.id);
    expect(still.status).toBe('CANCELADA');
    expect(still.report.deliveries).toBeLessThanOrEqual(atCancel + 1);
    // Nothing is stored once the cancel is written: every store of a claimed recipient checks the
    // run in its own transaction (docs/decisions.md, "Campaigns: a batch of claims, guarded stores").
    const times = await messageTimes(company.companyId, created.id, count);
    expect(times.length).toBeLessThanOrEqual(atCancel);
    expect(times.filter((at) => at > answeredAt)).toEqual([]);
    // The pace held: consecutive claims at least 100 ms apart.
    const claims = (await itemsWithPrefix(company.companyId, `CAMPSHIP#${created.id}#`))
      .filter((entry) => entry.deliveredAt)
      .map((entry) => Date.parse(String(entry.deliveredAt)))
      .sort((a, b) => a - b);
    expect(claims.length).toBeGreaterThanOrEqual(20);
    expect(Math.min(...claims.slice(1).map((at, i) => at - claims[i]!))).toBeGreaterThanOrEqual(100);

    expect((await admin.post(`/campaigns/${created.id}/restart`)).status).toBe(200);
    const done = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 300_000);
    expect(done.report.deliveries).toBe(count);
    const sent = await waitFor(async () => {
      const items = await itemsWithPrefix(company.companyId, `SANDBOX#${whatsappId}#OUT#`);
      return items.length >= count ? items : undefined;
    }, 60_000);
    const perNumber = new Map<string, number>();
    for (const item of sent) perNumber.set(String(item.to), (perNumber.get(String(item.to)) ?? 0) + 1);
    expect(perNumber.size).toBe(count);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  }, 300_000);

  // Issue #26: the recipients of a connection are read ahead (entries, contacts, tickets) while
  // the claims go one after the other, so several are in flight when its pace allows. Before, a
  // step read only the next recipient while one was sent: one contact ready ahead, at most two.
  it('reads several recipients ahead of the first send when the pace allows, each sent once', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña en vuelo');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const total = 24;
    const numbers = numbersFrom(90_000, total);
    const listId = await bigContactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'En vuelo',
      whatsappId,
      contactListId: listId,
      message1: 'Hola {nome}',
    });
    await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 120_000);
    const [firstStored] = (await messageTimes(company.companyId, created.id, 1)) as [number];
    const recipients = new Set(numbers);
    const contactsReadyFirst = (await itemsWithPrefix(company.companyId, 'CONTACT#')).filter(
      (contact) =>
        recipients.has(String(contact.number)) && Date.parse(String(contact.createdAt)) < firstStored,
    );
    // The sandbox's pace (200 a second by default) allows 16 in flight: a whole window was ready.
    expect(contactsReadyFirst.length).toBeGreaterThanOrEqual(8);
    const perNumber = await sentPerNumber(company.companyId, whatsappId, total);
    expect([...perNumber.keys()].sort()).toEqual([...numbers].sort());
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  }, 300_000);

  it('sends once when a step is delivered three times', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña duplicados');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const numbers = numbersFrom(30_000, 1);
    const listId = await contactList(admin, company.companyId, numbers);
    // An INATIVA campaign, then made to run by hand: the start and every step sent three times.
    const created = await startNow(admin, {
      name: 'Triple',
      whatsappId,
      contactListId: listId,
      message1: 'Una vez',
    });
    const step = JSON.stringify({
      kind: 'start',
      companyId: company.companyId,
      campaignId: created.id,
      scheduledAt: (await admin.get<{ scheduledAt: string }>(`/campaigns/${created.id}`)).body.scheduledAt,
    });
    for (let i = 0; i < 3; i += 1) await env.runtime.queue.send('campaigns', { body: step });
    const done = await waitFor(async () =>
      (await campaign(admin, created.id)).status === 'FINALIZADA' ? true : undefined,
    );
    expect(done).toBe(true);
    const campaignRecord = (await itemsWithPrefix(company.companyId, `CAMPAIGN#${created.id}`))[0]!;
    const send = JSON.stringify({
      kind: 'send',
      companyId: company.companyId,
      campaignId: created.id,
      runId: campaignRecord.runId,
      position: 0,
    });
    for (let i = 0; i < 3; i += 1) await env.runtime.queue.send('campaigns', { body: send });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await outboxOf(admin, whatsappId, numbers[0]!)).toHaveLength(1);
    expect((await campaign(admin, created.id)).report.deliveries).toBe(1);
  });

  // The crash suite's finding (docs/reliability.md): a send step killed mid-burst comes back from
  // its queue, and the campaign must go on at once, not after its watchdog (a tick every 60 s).
  it('goes on at once when a send step comes back twice after dying mid-burst, each recipient once', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña reentrega');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const total = 12;
    const numbers = numbersFrom(70_000, total);
    const run = await preparedBehindLease(admin, company.companyId, whatsappId, numbers);
    // The watchdog resumes a stalled run only at the second tick after it stalled: the first
    // records the cursor, the next finds it unchanged. tickSeq counts the ticks that ran.
    const ticksBefore = Number((await campaignRecord(company.companyId, run.campaignId)).tickSeq ?? 0);
    await claimedByDeadStep(company.companyId, run.campaignId, 4, total);
    await run.free();
    // The dead step's message comes back (and a second copy of it, as a queue may deliver twice).
    const step = JSON.stringify({
      kind: 'send',
      companyId: company.companyId,
      campaignId: run.campaignId,
      runId: run.runId,
      position: 0,
    });
    for (let i = 0; i < 2; i += 1) await env.runtime.queue.send('campaigns', { body: step });
    const done = await waitFor(async () => {
      const now = await campaign(admin, run.campaignId);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 200_000);
    expect(done.report.deliveries).toBe(total);
    // Finished with at most one tick in between: the watchdog did not resume it.
    const ticksAtEnd = Number((await campaignRecord(company.companyId, run.campaignId)).tickSeq ?? 0);
    expect(ticksAtEnd - ticksBefore).toBeLessThanOrEqual(1);
    const perNumber = await sentPerNumber(company.companyId, whatsappId, total);
    expect([...perNumber.keys()].sort()).toEqual([...numbers].sort());
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  }, 300_000);

  it('sends what the last burst claimed when its step comes back after the run finished', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña último lote');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const total = 5;
    const numbers = numbersFrom(80_000, total);
    const run = await preparedBehindLease(admin, company.companyId, whatsappId, numbers);
    // The dead step claimed every recipient: its last claim ended the run (FINALIZADA).
    await claimedByDeadStep(company.companyId, run.campaignId, total, total);
    expect((await campaign(admin, run.campaignId)).status).toBe('FINALIZADA');
    await run.free();
    await env.runtime.queue.send('campaigns', {
      body: JSON.stringify({
        kind: 'send',
        companyId: company.companyId,
        campaignId: run.campaignId,
        runId: run.runId,
        position: 0,
      }),
    });
    const perNumber = await sentPerNumber(company.companyId, whatsappId, total);
    expect([...perNumber.keys()].sort()).toEqual([...numbers].sort());
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  }, 300_000);

  // The rule (every recipient once, both variants used) at a size that crosses read-ahead windows
  // and a 2-variant rotation; the bench's campaign row proves it at 1,000 and 10,000 recipients.
  it('delivers 200 recipients exactly once', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Campaña mil');
    const whatsappId = await connectSandbox(admin);
    await noWaits(admin);
    const total = 200;
    const numbers = numbersFrom(40_000, total);
    const listId = await bigContactList(admin, company.companyId, numbers);
    const created = await startNow(admin, {
      name: 'Mil',
      whatsappId,
      contactListId: listId,
      message1: 'A {nome}',
      message2: 'B {nome}',
    });
    const done = await waitFor(async () => {
      const now = await campaign(admin, created.id);
      return now.status === 'FINALIZADA' ? now : undefined;
    }, 300_000);
    expect(done.report).toMatchObject({ validContacts: total, deliveries: total, progressPercent: 100 });
    const sent = await waitFor(async () => {
      const items = await itemsWithPrefix(company.companyId, `SANDBOX#${whatsappId}#OUT#`);
      return items.length >= total ? items : undefined;
    });
    const perNumber = new Map<string, number>();
    for (const item of sent) perNumber.set(String(item.to), (perNumber.get(String(item.to)) ?? 0) + 1);
    expect(perNumber.size).toBe(total);
    expect([...perNumber.values()].every((count) => count === 1)).toBe(true);
    const bodies = new Set(sent.map((item) => String(item.body).split(' ')[0]));
    expect([...bodies].sort()).toEqual(['A', 'B']);
  }, 420_000);
  it('refuses every campaign route when the plan turns campaigns off', async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin campañas C ${stamp}`,
      users: 3,
      connections: 1,
      queues: 2,
      value: 10,
      useCampaigns: false,
    });
    expect(plan.status).toBe(201);
    const email = `sin-campanas-c-${stamp}@example.com`;
    const company = await root.post('/companies', {
      name: `Sin campañas C ${stamp}`,
      email,
      password: 'secret1',
      planId: plan.body.id,
    });
    expect(company.status).toBe(201);
    const admin = env.client();
    expect((await admin.login(email, 'secret1')).status).toBe(200);
    const calls = [
      admin.get('/campaigns'),
      admin.post('/campaigns', { name: 'No', message1: 'no' }),
      admin.get('/campaigns/1'),
      admin.put('/campaigns/1', { name: 'No' }),
      admin.delete('/campaigns/1'),
      admin.post('/campaigns/1/cancel'),
      admin.post('/campaigns/1/restart'),
      admin.delete('/campaigns/1/media-upload'),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
