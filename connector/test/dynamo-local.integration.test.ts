/**
 * The connector against DynamoDB Local (the local runtime's), to prove on a real table what the
 * unit tests' in-memory fake only imitates: the expressions, the conditions, fenced transactions
 * and their cancellation reasons, the gsi2 index.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDynamoLocal, type DynamoLocal } from '../../infra/local/src/dynamo.ts';
import { findFreePort } from '../../infra/local/src/free-port.ts';
import { ensureTable } from '../../infra/local/src/table.ts';
import { ramPrefix } from '../../infra/local/test-support/ram-dir.ts';
import { startConnector } from '../src/index.ts';
import { createBetaProvider } from '../src/providers/beta/beta-provider.ts';
import { fakeSockets } from './fakes/fake-socket.ts';
import { commandEvent, memoryInbound, memoryLogger, memoryMedia } from './helpers.ts';

const tableName = 'atende-connector-check';
let dbDir: string;
let local: DynamoLocal;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  dbDir = await mkdtemp(ramPrefix('connector-ddb'));
  local = await startDynamoLocal({ dbDir, port: await findFreePort() });
  const client = new DynamoDBClient({
    endpoint: local.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, tableName);
  documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});

afterAll(async () => {
  await local?.stop();
  await rm(dbDir, { recursive: true, force: true });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const item = (pk: string, sk: string) =>
  documents.send(new GetCommand({ TableName: tableName, Key: { pk, sk } })).then((result) => result.Item);
const sessionItems = (prefix: string) =>
  documents
    .send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': 'C#1', ':prefix': prefix },
      }),
    )
    .then((result) => (result.Items ?? []).map((i) => i.sk));

it('runs sandbox and beta sessions, fences a stale writer and hands a session over', async () => {
  const put = (entry: Record<string, unknown>) =>
    documents.send(new PutCommand({ TableName: tableName, Item: entry }));
  await put({
    pk: 'C#1',
    sk: 'WAPP#2',
    __edb_e__: 'whatsapp',
    provider: 'sandbox',
    status: 'OPENING',
    name: 'Sandbox',
  });
  await put({
    pk: 'C#1',
    sk: 'WAPP#3',
    __edb_e__: 'whatsapp',
    provider: 'beta',
    status: 'OPENING',
    name: 'Beta',
  });
  await put({ pk: 'C#1#MSG#OUT1', sk: 'MSG', __edb_e__: 'message', ack: 0, body: 'oi', fromMe: true });
  const log = memoryLogger();
  const inbound = memoryInbound();
  const sockets = fakeSockets();
  const deps = {
    documents,
    tableName,
    inbound,
    media: memoryMedia(),
    log,
    autoStart: false,
    providers: { beta: createBetaProvider({ socketFactory: sockets.factory }) },
  };
  const a = await startConnector({ ...deps, holderId: 'task-a' });
  const sandbox = (command: Record<string, unknown>) =>
    a.handleCommands(commandEvent({ companyId: 1, whatsappId: 2, ...command }));

  expect(await sandbox({ type: 'startSession' })).toEqual({ batchItemFailures: [] });
  await sandbox({ type: 'sandboxScan' });
  await sandbox({ type: 'sandboxInbound', from: '5511999990001', body: 'hola', id: 'IN1' });
  await sandbox({
    type: 'sendMessage',
    messageId: 'OUT1',
    ticketId: 1,
    to: '5511999990001',
    body: 'oi',
    quotedMessageId: 'IN1',
  });
  await sandbox({ type: 'checkNumber', number: '5511999990001', replyKey: 'k1' });
  await wait(300);
  expect(await item('C#1', 'WAPP#2')).toMatchObject({
    status: 'CONNECTED',
    number: '5500000000000',
    gsi2pk: 'WAPPS#RUN',
  });
  expect(await item('C#1#MSG#OUT1', 'MSG')).toMatchObject({ ack: 1 });
  expect(await item('C#1', 'REPLY#k1')).toMatchObject({ reply: { type: 'checkNumber', exists: true } });
  expect(inbound.sent.map((s) => s.deduplicationId)).toEqual(['1:2:IN1']);

  // A beta session on a fake socket: pairing writes creds and keys through fenced transactions.
  await a.handleCommands(commandEvent({ companyId: 1, whatsappId: 3, type: 'startSession' }));
  await wait(100);
  sockets.last().pair();
  await wait(300);
  const keys = sockets.last().config.auth.keys;
  await keys.set({ 'pre-key': { '1': { public: new Uint8Array(32), private: new Uint8Array(32) } } });
  expect(await item('C#1', 'WAPP#3')).toMatchObject({ status: 'CONNECTED', number: '5511900000000' });
  expect(await sessionItems('WSESS#3#')).toEqual(['WSESS#3#creds', 'WSESS#3#pre-key#1']);

  // Another task took the lease: the stale writer is refused and stops.
  await put({ pk: 'C#1', sk: 'WLEASE#3', holder: 'task-z', fence: 9, expiresAt: 9_999_999_999 });
  await expect(
    keys.set({ 'pre-key': { '2': { public: new Uint8Array(32), private: new Uint8Array(32) } } }),
  ).rejects.toThrow();
  await wait(200);
  expect(await item('C#1', 'WSESS#3#pre-key#2')).toBeUndefined();
  expect(a.status().sessions.map((s) => s.whatsappId)).toEqual([2]);

  // That task died (its lease expired): task B takes the session over and resumes it without a QR.
  await put({ pk: 'C#1', sk: 'WLEASE#3', holder: 'task-z', fence: 9, expiresAt: 1 });
  const b = await startConnector({ ...deps, holderId: 'task-b' });
  await b.reconcile();
  await wait(300);
  expect(b.status().sessions.map((s) => [s.whatsappId, s.status, s.fence])).toEqual([[3, 'CONNECTED', 10]]);
  // A stopSession reaching A is relayed to B, the holder, and done once B carried it out.
  const stop3 = a.handleCommands(commandEvent({ companyId: 1, whatsappId: 3, type: 'stopSession' }));
  for (let i = 0; i < 50 && (await sessionItems('WRELAY#3#')).length === 0; i += 1) await wait(100);
  expect(await sessionItems('WRELAY#3#')).toHaveLength(1);
  await b.pollRelays();
  expect(await stop3).toEqual({ batchItemFailures: [] });
  expect(await sessionItems('WRELAY#3#')).toEqual([]);
  await sandbox({ type: 'stopSession' });
  expect(await item('C#1', 'WAPP#2')).toMatchObject({ status: 'DISCONNECTED' });
  expect(await item('C#1', 'WAPP#3')).toMatchObject({ status: 'DISCONNECTED' });
  expect(await sessionItems('WSESS#')).toEqual([]);
  await a.stop();
  await b.stop();
  expect(log.entries.filter((e) => e.level === 'error')).toEqual([]);
});
