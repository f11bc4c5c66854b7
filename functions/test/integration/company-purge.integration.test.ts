import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRuntimeDynamoClients, type RuntimeDynamoClients } from '../../../infra/local/src/dynamo-clients.ts';
import { isRuntimeItemPk } from '../../../infra/local/src/runtime-keys.ts';
import { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * Deleting a company (DELETE /api/companies/{id}) removes everything it had: every item whose
 * key or index key is the company's, its users' e-mail claims, its media and its pending timers,
 * while another company's data stays as it was. The table is read here with a Scan, which only a
 * test may do.
 */

let env: TestRuntime;
let table: RuntimeDynamoClients;
let s3: S3Client;

beforeAll(async () => {
  env = await startTestRuntime();
  table = createRuntimeDynamoClients(env.runtime.env.DYNAMODB_ENDPOINT!);
  s3 = new S3Client({
    endpoint: env.runtime.env.S3_ENDPOINT!,
    forcePathStyle: true,
    region: env.runtime.env.AWS_REGION!,
    credentials: { accessKeyId: env.runtime.env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.runtime.env.AWS_SECRET_ACCESS_KEY! },
  });
});
afterAll(async () => {
  s3?.destroy();
  table?.destroy();
  await env?.stop();
});

type Item = Record<string, unknown>;
const keyOf = (item: Item) => `${String(item.pk)} | ${String(item.sk)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every item of the table that belongs to the company: by its key, any index key, or its companyId. */
async function itemsOf(companyId: number): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.documents.send(
      new ScanCommand({
        TableName: env.runtime.env.TABLE_NAME!,
        FilterExpression: [
          'pk = :main',
          'begins_with(pk, :prefix)',
          'gsi1pk = :main',
          'begins_with(gsi1pk, :prefix)',
          'begins_with(gsi2pk, :prefix)',
          'begins_with(gsi3pk, :prefix)',
          'begins_with(gsi2sk, :prefix)',
          'companyId = :companyId',
        ].join(' OR '),
        ExpressionAttributeValues: { ':main': `C#${companyId}`, ':prefix': `C#${companyId}#`, ':companyId': companyId },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).filter((item) => !isRuntimeItemPk(String(item.pk))));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

async function mediaOf(companyId: number): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: env.runtime.env.MEDIA_BUCKET!, Prefix: `c${companyId}/` }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

async function emailClaim(email: string): Promise<Item | undefined> {
  const { Item } = await table.documents.send(new GetCommand({ TableName: env.runtime.env.TABLE_NAME!, Key: { pk: `EMAIL#${email}`, sk: 'USER' } }));
  return Item;
}

/** Which of the company's key families hold items (a partition name with its ids folded). */
function familiesIn(items: Item[], companyId: number): Set<string> {
  const families = new Set<string>();
  const fold = (value: unknown) =>
    String(value)
      .replace(`C#${companyId}`, 'C#<id>')
      .replace(/#(T|MSG|QOPTS|TAG)#[^#]+$/, '#$1#*');
  for (const item of items) {
    families.add(fold(item.pk));
    for (const index of ['gsi1pk', 'gsi2pk', 'gsi3pk'] as const) if (item[index]) families.add(`${index}:${fold(item[index])}`);
  }
  return families;
}

/** A signed-in live socket, so the company has a WebSocket connection item. */
function openSocket(api: ApiClient): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${env.runtime.url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(api.token!)}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const picture = (label: string) => Buffer.from(`\x89PNG\r\n\x1a\n ${label} picture bytes`).toString('base64');

/** A company with most of what a company can have: agents, queues with options, tags, notes, media, dashboards, timers, a socket. */
async function busyCompany(label: string) {
  const setup = await companyWithTickets(env, label, [
    { from: '5511970000001', name: 'Ana', body: 'hola', id: `${label}-1` },
    { from: '5511970000002', name: 'Beto', body: 'mira', id: `${label}-2`, mediaType: 'image', data: picture(label), fileName: 'foto.png' },
    { from: '5511970000003', name: 'Caro', body: 'buenas', id: `${label}-3` },
  ]);
  const { admin, company, whatsappId, tickets } = setup;
  const [first, second, third] = tickets as unknown as { id: number; contactId: number }[];
  const agent = await agentOf(admin, company.companyId, `agente-${label.toLowerCase()}`);

  // Inactivity close after an hour: opening a ticket arms its timer.
  expect((await admin.put(`/whatsapp/${whatsappId}`, { expiresTicket: 60 })).status).toBe(200);
  const queue = await admin.post<{ id: number }>('/queue', { name: 'Ventas', color: '#2196f3' });
  expect(queue.status).toBe(201);
  const option = await admin.post<{ id: number }>('/queue-options', { queueId: queue.body.id, title: 'Precios', option: '1', message: 'Nuestros precios' });
  expect(option.status).toBe(201);
  expect((await admin.post('/queue-options', { queueId: queue.body.id, parentId: option.body.id, title: 'Mayorista', option: '1' })).status).toBe(201);
  const tag = await admin.post<{ id: number }>('/tags', { name: 'Urgente' });
  expect((await admin.post('/tags/sync', { ticketId: first!.id, tags: [{ id: tag.body.id }] })).status).toBe(200);
  expect((await admin.post('/ticket-notes', { note: 'Llamar el lunes', ticketId: first!.id, contactId: first!.contactId })).status).toBe(201);
  expect((await admin.post('/quick-messages', { shortcode: 'hola', message: 'Hola, ¿en qué le ayudo?' })).status).toBe(201);

  // Accepted, answered and resolved (timeline, first response, dashboard); another one left open with its timer.
  expect((await admin.put(`/tickets/${second!.id}`, { status: 'open' })).status).toBe(200);
  expect((await admin.post(`/messages/${second!.id}`, { body: 'Hola Beto' })).status).toBe(201);
  expect((await admin.put(`/tickets/${second!.id}`, { status: 'closed' })).status).toBe(200);
  expect((await agent.agent.put(`/tickets/${third!.id}`, { status: 'open' })).status).toBe(200);
  return { ...setup, agent, tickets: { first: first!, second: second!, third: third! } };
}

async function timersOf(companyId: number) {
  return (await env.timers('-t')).filter((timer) => timer.name.startsWith(`c${companyId}-`));
}

describe('company purge', () => {
  it("deletes every item, claim, media object and timer of a deleted company, and nothing of another's", async () => {
    const doomed = await busyCompany('Borrada');
    const survivor = await busyCompany('Sobrevive');
    const doomedId = doomed.company.companyId;
    const socket = await openSocket(doomed.admin);

    // Everything the purge has to find is there, the aggregator's and the connector's writes included.
    const expected = [
      'C#<id>',
      'C#<id>#MSG#*',
      'C#<id>#T#*',
      'C#<id>#TSEARCH',
      'C#<id>#CSEARCH',
      'C#<id>#TCREATED',
      'C#<id>#DASH',
      'C#<id>#DASHDONE',
      'gsi1pk:C#<id>#T#*',
      'gsi1pk:C#<id>#CONTACTS',
      'gsi2pk:C#<id>#CCREATED',
      'gsi1pk:C#<id>#QOPTS#*',
      'gsi1pk:C#<id>#TAG#*',
      'gsi1pk:C#<id>#WS',
      'EMAIL#' + doomed.company.admin.email,
    ];
    await until(
      async () => {
        const present = familiesIn(await itemsOf(doomedId), doomedId);
        return expected.every((family) => present.has(family)) ? true : undefined;
      },
      'every key family of the company',
      30_000,
    );
    const mainKeys = (await itemsOf(doomedId)).filter((item) => item.pk === `C#${doomedId}`).map((item) => String(item.sk));
    for (const prefix of ['COMPANY', 'USER#', 'SESSION#', 'SETTING#', 'WAPP#', 'WSESS#', 'WLEASE#', 'QUEUE#', 'QOPT#', 'TAG#', 'TTAG#', 'CONTACT#', 'TICKET#', 'TNOTE#', 'QUICKMSG#', 'SEQ#']) {
      expect(mainKeys.some((sk) => sk.startsWith(prefix)), `C#${doomedId} holds ${prefix}`).toBe(true);
    }
    expect(await mediaOf(doomedId)).toHaveLength(1);
    expect((await timersOf(doomedId)).length).toBeGreaterThan(0);
    expect(await emailClaim(doomed.agent.user.email as string)).toMatchObject({ companyId: doomedId });

    const survivorId = survivor.company.companyId;
    const survivorBefore = new Set((await itemsOf(survivorId)).map(keyOf));
    const survivorMedia = await mediaOf(survivorId);
    expect(survivorMedia).toHaveLength(1);
    const survivorTimers = (await timersOf(survivor.company.companyId)).map((timer) => timer.name).sort();
    expect(survivorTimers.length).toBeGreaterThan(0);

    const root = new ApiClient(env.runtime.url);
    expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
    const doomedName = (await root.get<{ name: string }>(`/companies/${doomedId}`)).body.name;
    expect((await root.delete(`/companies/${doomedId}`)).status).toBe(202);

    // Gone at once: not found, not listed, nobody signs in, and its name is free again.
    expect((await root.get(`/companies/${doomedId}`)).status).toBe(404);
    expect((await root.get<{ id: number }[]>('/companies/list')).body.map((c) => c.id)).not.toContain(doomedId);
    expect((await new ApiClient(env.runtime.url).login(doomed.company.admin.email, doomed.company.admin.password)).status).toBe(401);
    expect((await new ApiClient(env.runtime.url).login(doomed.agent.user.email as string, 'secret1')).status).toBe(401);
    const plans = await root.get<{ id: number }[]>('/plans/list');
    const heir = await new ApiClient(env.runtime.url).post<{ id: number }>('/companies/cadastro', {
      name: doomedName,
      email: `heredera-${doomedId}@example.com`,
      phone: '(11) 98888-7777',
      password: 'secret1',
      planId: plans.body[0]!.id,
    });
    expect(heir.status).toBe(201);
    // Deleting it again while its purge runs starts the purge over (a purge that stopped half-way resumes the same way).
    expect((await root.delete(`/companies/${doomedId}`)).status).toBe(202);

    // The purge runs in queued steps; it ends when the marker, the company's last item, is gone.
    const deadline = Date.now() + 150_000;
    let left = await itemsOf(doomedId);
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(1_000);
      left = await itemsOf(doomedId);
    }
    // Left at the deadline, the marker tells where the purge stood (phase, round, settle rounds).
    expect(left.map(keyOf), JSON.stringify(left.find((item) => item.sk === 'PURGE'))).toEqual([]);
    expect(await emailClaim(doomed.company.admin.email)).toBeUndefined();
    expect(await emailClaim(doomed.agent.user.email as string)).toBeUndefined();
    expect(await mediaOf(doomedId)).toEqual([]);
    // The open ticket's timer was cancelled; a schedule its ticket no longer held fires on nothing.
    const leftTimers = await timersOf(doomedId);
    expect(leftTimers.map((timer) => timer.name)).not.toContain(`c${doomedId}-t${doomed.tickets.third.id}-expire`);
    for (const timer of leftTimers) await env.runtime.scheduler.schedule({ name: timer.name, at: new Date(), queueName: timer.queueName, body: timer.body });
    await until(async () => ((await timersOf(doomedId)).length === 0 ? true : undefined), 'the leftover timers to fire');
    await sleep(1_000);
    expect((await itemsOf(doomedId)).map(keyOf)).toEqual([]);
    // The heir's name claim was not the deleted company's to release.
    expect(
      (await new ApiClient(env.runtime.url).post('/companies/cadastro', {
        name: doomedName,
        email: `otra-${doomedId}@example.com`,
        phone: '(11) 98888-7777',
        password: 'secret1',
        planId: plans.body[0]!.id,
      })).body,
    ).toMatchObject({ error: 'ERR_DUPLICATED_NAME' });
    expect((await root.delete(`/companies/${doomedId}`)).status).toBe(404);
    // A token issued before the deletion no longer opens anything: its session went with the
    // company (403 ERR_SESSION_EXPIRED, on which the SPA refreshes), and the refresh is refused.
    expect((await doomed.admin.get('/tickets?status=open&showAll=true')).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await doomed.admin.post('/auth/refresh_token')).status).toBe(401);

    // The other company is untouched: every item it had is still there, its media too, and it works.
    const survivorAfter = new Set((await itemsOf(survivorId)).map(keyOf));
    expect([...survivorBefore].filter((key) => !survivorAfter.has(key))).toEqual([]);
    expect(await mediaOf(survivorId)).toEqual(survivorMedia);
    const survivorTickets = await survivor.admin.get<{ tickets: { id: number }[] }>('/tickets?status=pending&showAll=true');
    expect(survivorTickets.body.tickets.map((t) => t.id)).toContain(survivor.tickets.first.id);
    const messages = await survivor.admin.get<{ messages: { id: string }[] }>(`/messages/${survivor.tickets.second.id}`);
    expect(messages.body.messages.map((m) => m.id)).toContain('Sobrevive-2');
    expect((await timersOf(survivorId)).map((timer) => timer.name).sort()).toEqual(survivorTimers);
    socket.close();
  }, 240_000);
});
