/**
 * The crash suite: the local runtime, in a process of its own, killed with SIGKILL in the middle
 * of its work and started again on the same data directory. What must hold (docs/reliability.md):
 * every inbound message stored once and in order per chat, through the customer's redeliveries;
 * every campaign recipient sent exactly once and the campaign finished; and no connector command
 * handed to the connector before it runs after the restart.
 *
 * The kill moment is chosen from observed progress (messages stored, deliveries counted), never
 * by sleeping, and everything after it is asserted by polling.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseKey } from '../../../connector/src/table/keys.ts';
import { ApiClient, clientAddressHeader } from '../../../functions/test/integration/support/api-client.ts';
import { signUpCompany, superUser } from '../../../functions/test/integration/support/runtime.ts';
import { connectSandbox, outboxOf } from '../../../functions/test/integration/support/sandbox.ts';
import { until } from '../../../functions/test/integration/support/until.ts';
import { findDynamoPid } from '../bench/memory.ts';
import { startRuntimeProcess, type RuntimeProcess } from '../bench/runtime-process.ts';
import { createRuntimeDynamoClients } from '../src/dynamo-clients.ts';
import { ramTempDir } from '../test-support/ram-dir.ts';

const directory = ramTempDir('crash');
const dataDir = join(directory, 'data');
const logFile = join(directory, 'runtime.log');
let runtime: RuntimeProcess | undefined;
let clients: ReturnType<typeof createRuntimeDynamoClients> | undefined;

/** Starts the runtime child on the suite's data directory (after a kill: once the old one is gone). */
async function startChild(): Promise<RuntimeProcess> {
  // The killed runtime's DynamoDB Local is stopped by its guard when the parent dies; the next
  // one may only open the same files once it has exited.
  await until(
    async () => (findDynamoPid(join(dataDir, 'dynamodb')) === undefined ? true : undefined),
    "the killed runtime's DynamoDB Local to exit",
    30_000,
  );
  clients?.destroy();
  runtime = await startRuntimeProcess({
    dataDir,
    logFile,
    // 10–15 s on two quiet cores; far more on a machine shared with other jobs.
    startTimeoutMs: 300_000,
    warmUp: false,
    env: {
      ADMIN_EMAIL: superUser.email,
      ADMIN_PASSWORD: superUser.password,
      CLIENT_ADDRESS_HEADER: clientAddressHeader,
      // The campaign at 10 recipients a second (docs/decisions.md, "Campaigns: the connection's
      // pace"): the sandbox's default pace could finish the 60 before the kill lands mid-way.
      CAMPAIGN_PACE_SANDBOX: '10',
    },
  });
  clients = createRuntimeDynamoClients(runtime.env.DYNAMODB_ENDPOINT!);
  return runtime;
}

/** Kills the runtime mid-work and starts it again on the same data. */
async function crashAndRestart(): Promise<RuntimeProcess> {
  await runtime!.kill();
  return startChild();
}

/** The same signed-in admin against the runtime's current origin (its port changes on a restart). */
function againstCurrent(admin: ApiClient): ApiClient {
  const client = new ApiClient(runtime!.url, admin.address);
  client.token = admin.token;
  for (const [name, value] of admin.cookies) client.cookies.set(name, value);
  return client;
}

/** What the runtime wrote to its log (errors only: it runs quiet). */
const runtimeLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

const table = () => runtime!.env.TABLE_NAME!;

async function itemsWithPrefix(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await clients!.documents.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The connector's lease of a connection (connector/src/table/leases.ts). */
async function leaseOf(companyId: number, whatsappId: number) {
  const answer = await clients!.documents.send(
    new GetCommand({
      TableName: table(),
      Key: leaseKey(companyId, whatsappId),
      ConsistentRead: true,
    }),
  );
  return answer.Item as { holder?: string; fence?: number } | undefined;
}

type Message = { id: string; body: string; fromMe: boolean };
type Ticket = { id: number; contact?: { number?: string } | null };

/** Every ticket of the company whose contact is one of `numbers` (open, pending or closed). */
async function ticketsOf(admin: ApiClient, numbers: string[]): Promise<Ticket[]> {
  const tickets: Ticket[] = [];
  for (const status of ['pending', 'open', 'closed']) {
    for (let page = 1; ; page += 1) {
      const listed = await admin.get<{ tickets: Ticket[]; hasMore: boolean }>(
        `/tickets?status=${status}&showAll=true&pageNumber=${page}`,
      );
      tickets.push(...listed.body.tickets.filter((t) => numbers.includes(t.contact?.number ?? '')));
      if (!listed.body.hasMore) break;
    }
  }
  return tickets;
}

/** A ticket's messages, oldest first, every page. */
async function messagesOf(admin: ApiClient, ticketId: number): Promise<Message[]> {
  const pages: Message[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = await admin.get<{ messages: Message[]; cursor: string | null }>(
      `/messages/${ticketId}${query}`,
    );
    pages.unshift(page.body.messages);
    cursor = page.body.cursor;
  } while (cursor);
  return pages.flat();
}

/**
 * A contact list of `numbers` written straight to the table as checked and valid, in the list
 * module's own item format (the import and its paced WhatsApp check are tested elsewhere).
 */
async function checkedContactList(admin: ApiClient, companyId: number, numbers: string[]): Promise<number> {
  const list = await admin.post<{ id: number }>('/contact-lists', { name: `Lista ${Date.now()}` });
  expect(list.status).toBe(201);
  process.env.TABLE_NAME = table();
  const { contactListItemEntity } = await import('../../../functions/src/data/contact-list-item-entity.ts');
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
    await clients!.documents.send(
      new BatchWriteCommand({
        RequestItems: { [table()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
  return list.body.id;
}

beforeAll(async () => {
  await startChild();
}, 360_000);

afterAll(async () => {
  clients?.destroy();
  await runtime?.stop();
  // CRASH_KEEP_LOG=<file>: keep what the runtime logged across its lives (the folder goes).
  if (process.env.CRASH_KEEP_LOG) writeFileSync(process.env.CRASH_KEEP_LOG, runtimeLog());
  rmSync(directory, { recursive: true, force: true });
});

describe('the runtime killed with SIGKILL and started again on the same data', () => {
  it('stores every message of a burst once and in order per chat, through the redeliveries', async () => {
    let admin = new ApiClient(runtime!.url);
    await signUpCompany(admin, 'Ráfaga caída');
    const whatsappId = await connectSandbox(admin);
    const chats = Array.from({ length: 5 }, (_, i) => `55119710000${String(i).padStart(2, '0')}`);
    const perChat = 12;
    const total = chats.length * perChat;

    // Each customer sends in order, the next message once the last one was taken (202); a
    // message whose answer never came (the runtime died) is sent again with its id, as WhatsApp
    // redelivers what it did not see acknowledged.
    let accepted = 0;
    let redeliveries = 0;
    const giveUpAt = Date.now() + 540_000;
    const customer = async (number: string, chat: number) => {
      for (let i = 0; i < perChat; i += 1) {
        const message = { from: number, name: `Cliente ${chat}`, body: `m${i}`, id: `crash-${chat}-${i}` };
        for (;;) {
          const answer = await againstCurrent(admin)
            .post(`/sandbox/${whatsappId}/inbound`, message)
            .catch(() => undefined);
          if (answer?.status === 202) break;
          // A runtime that never came back fails the test (by its timeout) and ends the customers.
          if (Date.now() > giveUpAt) throw new Error(`message ${message.id} never taken`);
          redeliveries += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        accepted += 1;
      }
    };
    const burst = Promise.all(chats.map(customer));

    // A third of the burst taken: the connector stops (as a task going away), so what comes
    // next waits in its command queue, while what came before is still on its way through the
    // inbound queue and the ingest. Half taken: the kill, messages at every stage.
    await until(async () => (accepted >= total / 3 ? true : undefined), 'a third of the burst taken', 60_000);
    await runtime!.stopConnector();
    await until(async () => (accepted >= total / 2 ? true : undefined), 'half the burst taken', 60_000);
    const acceptedAtKill = accepted;
    const killedAt = Date.now();
    expect(acceptedAtKill, 'the burst was still going when the runtime was killed').toBeLessThan(total);
    await crashAndRestart();
    const restartMs = Date.now() - killedAt;
    admin = againstCurrent(admin);
    await burst;
    expect(accepted).toBe(total);

    const tickets = await until(
      async () => {
        const found = await ticketsOf(admin, chats);
        if (found.length < chats.length) return undefined;
        const messages = await Promise.all(found.map((ticket) => messagesOf(admin, ticket.id)));
        return messages.flat().length >= total ? found : undefined;
      },
      'every message of the burst stored',
      60_000,
    );
    // One ticket per chat, each with its customer's messages once, in the order sent.
    expect(tickets).toHaveLength(chats.length);
    for (const ticket of tickets) {
      const chat = chats.indexOf(ticket.contact!.number!);
      const messages = await messagesOf(admin, ticket.id);
      expect(messages.map((m) => m.id)).toEqual(
        Array.from({ length: perChat }, (_, i) => `crash-${chat}-${i}`),
      );
      expect(messages.map((m) => m.body)).toEqual(Array.from({ length: perChat }, (_, i) => `m${i}`));
    }
    // After the restart no command went to the connector before it ran (it would fail the batch).
    expect(runtimeLog()).not.toContain('the connector is not running');
    console.info(
      `crash suite, burst: killed after ${acceptedAtKill}/${total} taken; back in ${(restartMs / 1000).toFixed(1)} s; ${redeliveries} redelivery attempts`,
    );
  }, 600_000);

  it('sends every campaign recipient exactly once and finishes the campaign', async () => {
    let admin = new ApiClient(runtime!.url);
    const { companyId } = await signUpCompany(admin, 'Campaña caída');
    const whatsappId = await connectSandbox(admin);
    expect(
      (
        await admin.post('/campaign-settings', {
          messageInterval: 0,
          longerIntervalAfter: 0,
          greaterInterval: 0,
          variables: [],
        })
      ).status,
    ).toBe(200);
    const total = 60;
    const numbers = Array.from({ length: total }, (_, i) => `55119720${String(i).padStart(5, '0')}`);
    const listId = await checkedContactList(admin, companyId, numbers);
    const created = await admin.post<{ id: number; status: string }>('/campaigns', {
      name: 'Caída',
      whatsappId,
      contactListId: listId,
      message1: 'Hola {nome}',
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    type Campaign = { status: string; report: { deliveries: number; progressPercent: number } };
    const campaign = async () => (await admin.get<Campaign>(`/campaigns/${created.body.id}`)).body;

    // The kill: a quarter of the recipients sent, the campaign still running.
    const atKill = await until(
      async () => {
        const now = await campaign();
        return now.report.deliveries >= total / 4 ? now : undefined;
      },
      'a quarter of the campaign sent',
      120_000,
    );
    const holderAtKill = (await leaseOf(companyId, whatsappId))?.holder;
    expect(holderAtKill, 'the connection ran under a lease').toBeDefined();
    const killedAt = Date.now();
    await crashAndRestart();
    const restartMs = Date.now() - killedAt;
    expect(atKill.status, 'the campaign was still running when the runtime was killed').not.toBe(
      'FINALIZADA',
    );
    admin = againstCurrent(admin);

    const done = await until(
      async () => {
        const now = await campaign();
        return now.status === 'FINALIZADA' ? now : undefined;
      },
      'the campaign finished',
      120_000,
    );
    expect(done.report).toMatchObject({ deliveries: total, progressPercent: 100 });
    // The restarted runtime took the session back as the lease's holder (no wait for its expiry,
    // during which the campaign's sends would have gone back to their queue again and again).
    expect((await leaseOf(companyId, whatsappId))?.holder).toBe(holderAtKill);
    // Every recipient got the message once: the sandbox's outbox holds what was really sent.
    const sent = await until(
      async () => {
        const items = await itemsWithPrefix(`C#${companyId}`, `SANDBOX#${whatsappId}#OUT#`);
        return items.length >= total ? items : undefined;
      },
      'every recipient sent',
      60_000,
    );
    const perNumber = new Map<string, number>();
    for (const item of sent) perNumber.set(String(item.to), (perNumber.get(String(item.to)) ?? 0) + 1);
    expect([...perNumber.keys()].sort()).toEqual(numbers);
    expect([...perNumber.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(await outboxOf(admin, whatsappId, numbers[0]!)).toHaveLength(1);
    console.info(
      `crash suite, campaign: killed after ${atKill.report.deliveries}/${total} deliveries; back in ${(restartMs / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});
