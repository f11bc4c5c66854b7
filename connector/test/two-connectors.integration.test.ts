/**
 * Sessions shared by two connector tasks (docs/connector.md, "Sharding"): two connector
 * processes (connector/src/task.ts, what the Fargate task runs) on one DynamoDB Local table and
 * one SQS (a FIFO fake over HTTP, shared like the real queue), running four sandbox connections.
 *
 * 1. Task A runs all four; task B starts and A hands it its share (two).
 * 2. A burst of inbound messages (the sandbox customers) and outbound sends through the command
 *    queue; A is killed with SIGKILL in the middle of it (chosen from observed progress).
 *    B takes A's sessions once their leases expire and carries out what A left: the commands A
 *    had in hand (the queue hands them out again), and the commands relayed to A.
 * 3. Task C starts; B is stopped with SIGTERM (a rolling deploy) in the middle of a second burst.
 *
 * Then: every inbound message is in the inbound queue once and in order per chat, every send
 * reached its customer once (the sandbox's outbox) and has its ack, nothing is left in the
 * queue or relayed, and the sessions' run intervals (recorded by each process as it starts and
 * stops them) never overlap between two tasks for one connection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectorCommandGroup, type ConnectorCommand } from '@atende/shared/entities/connector-command';
import { startDynamoLocal, type DynamoLocal } from '../../infra/local/src/dynamo.ts';
import { findFreePort } from '../../infra/local/src/free-port.ts';
import { ensureTable } from '../../infra/local/src/table.ts';
import { ramPrefix } from '../../infra/local/test-support/ram-dir.ts';
import { leaseKey } from '../src/table/keys.ts';
import { FakeSqs } from './support/fake-sqs.ts';

const tableName = 'atende-two-connectors';
const companyId = 1;
const connections = [1, 2, 3, 4];
const commandsQueue = 'connector-commands.fifo';
const inboundQueue = 'inbound.fifo';
/** Short timings so a takeover takes seconds (production: 30 s leases, 15 s reconciles). */
const timings = {
  CONNECTOR_LEASE_TTL_MS: '5000',
  CONNECTOR_RENEW_MS: '1000',
  CONNECTOR_RECONCILE_MS: '1000',
  CONNECTOR_RELAY_POLL_MS: '100',
  CONNECTOR_SEND_CLAIM_MS: '4000',
  CONNECTOR_DRAIN_MS: '3000',
  CONNECTOR_POLL_WAIT_SECONDS: '1',
  QUEUE_URL_CONNECTOR_COMMANDS_VISIBILITY_SECONDS: '4',
};

let directory: string;
let local: DynamoLocal;
let documents: DynamoDBDocumentClient;
const sqs = new FakeSqs();
const children = new Map<string, { process: ChildProcess; output: string[]; killedAt?: number }>();

/** Generous waits: the machine may be shared with other jobs (about 40 s in all on a quiet one). */
const until = async <T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 90_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  directory = await mkdtemp(ramPrefix('two-connectors'));
  local = await startDynamoLocal({ dbDir: join(directory, 'db'), port: await findFreePort() });
  const client = new DynamoDBClient({
    endpoint: local.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, tableName);
  documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  await sqs.start();
  sqs.createQueue(commandsQueue, 4);
  sqs.createQueue(inboundQueue, 30);
}, 120_000);

afterAll(async () => {
  for (const child of children.values()) child.process.kill('SIGKILL');
  await sqs.stop();
  await local?.stop();
  await rm(directory, { recursive: true, force: true });
});

/** Starts a connector process; resolves once it polls the queue. */
async function startChild(holderId: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'support', 'connector-child.ts')],
    {
      env: {
        ...process.env,
        ...timings,
        HOLDER_ID: holderId,
        SESSION_LOG: join(directory, 'sessions.jsonl'),
        TABLE_NAME: tableName,
        MEDIA_BUCKET: 'media',
        QUEUE_URL_INBOUND: sqs.queueUrl(inboundQueue),
        QUEUE_URL_CONNECTOR_COMMANDS: sqs.queueUrl(commandsQueue),
        AWS_ENDPOINT_URL_DYNAMODB: local.endpoint,
        AWS_ENDPOINT_URL_SQS: sqs.url,
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  children.set(holderId, { process: child, output });
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(`${holderId} exited: ${output.join('\n')}`);
      return output.some((line) => line.includes('child ready'));
    },
    `${holderId} to start`,
    120_000,
  );
}

const exited = (holderId: string) =>
  new Promise<void>((resolve) => {
    const child = children.get(holderId)!.process;
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

let commandSequence = 0;
function command(body: Record<string, unknown> & { type: string; whatsappId: number }): void {
  commandSequence += 1;
  const full = { commandId: `c${commandSequence}`, companyId, ...body } as ConnectorCommand;
  sqs.send(
    commandsQueue,
    JSON.stringify(full),
    connectorCommandGroup(full),
    `${companyId}:${full.commandId}`,
  );
}

const holders = async () => {
  const { Responses } = await documents.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: connections.map((w) => leaseKey(companyId, w)), ConsistentRead: true },
      },
    }),
  );
  const now = Math.floor(Date.now() / 1000);
  return new Map(
    (Responses?.[tableName] ?? []).map((item) => [
      String(item.sk),
      item.holder && Number(item.expiresAt) >= now ? String(item.holder) : null,
    ]),
  );
};
const countHeld = async (holder: string) =>
  [...(await holders()).values()].filter((h) => h === holder).length;

async function partition(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** A burst: per connection, two customers sending `perChat` messages and two receiving `perChat` sends. */
async function burst(tag: string, perChat: number) {
  const inbound: { id: string; chat: string }[] = [];
  const outbound: string[] = [];
  for (const whatsappId of connections) {
    for (let chat = 0; chat < 2; chat += 1) {
      for (let i = 0; i < perChat; i += 1) {
        const messageId = `OUT${tag}W${whatsappId}C${chat}N${i}`;
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              pk: `C#${companyId}#MSG#${messageId}`,
              sk: 'MSG',
              __edb_e__: 'message',
              ack: 0,
              body: messageId,
              fromMe: true,
            },
          }),
        );
        outbound.push(messageId);
      }
    }
  }
  // Interleaved, as traffic arrives: each customer's messages in order.
  for (let i = 0; i < perChat; i += 1) {
    for (const whatsappId of connections) {
      for (let chat = 0; chat < 2; chat += 1) {
        const from = `5511970${whatsappId}${chat}0000`;
        const id = `IN${tag}W${whatsappId}C${chat}N${i}`;
        command({ type: 'sandboxInbound', whatsappId, from, name: 'Cliente', body: id, id });
        inbound.push({ id, chat: `${whatsappId}:${from}` });
        const to = `5511980${whatsappId}${chat}0000`;
        command({
          type: 'sendMessage',
          whatsappId,
          messageId: `OUT${tag}W${whatsappId}C${chat}N${i}`,
          ticketId: 1,
          to,
          body: 'oi',
        });
      }
    }
  }
  return { inbound, outbound, total: inbound.length + outbound.length };
}

/** Commands of the queue carried out (deleted) so far. */
const doneCommands = () => sqs.queue(commandsQueue).messages.filter((m) => m.deleted).length;

async function settled(expected: { inbound: { id: string }[]; outbound: string[] }) {
  await until(
    async () => {
      if (sqs.pending(commandsQueue).length > 0) return undefined;
      const delivered = new Set(
        sqs.queue(inboundQueue).messages.map((m) => (JSON.parse(m.body) as { messageId: string }).messageId),
      );
      if (!expected.inbound.every((m) => delivered.has(m.id))) return undefined;
      for (let start = 0; start < expected.outbound.length; start += 100) {
        const { Responses } = await documents.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: expected.outbound
                  .slice(start, start + 100)
                  .map((id) => ({ pk: `C#${companyId}#MSG#${id}`, sk: 'MSG' })),
                ConsistentRead: true,
              },
            },
          }),
        );
        if ((Responses?.[tableName] ?? []).some((item) => item.ack !== 1)) return undefined;
      }
      return true;
    },
    'every command carried out',
    120_000,
  ).catch(async (error) => {
    // What was not carried out, and what the tasks said last: a rare timeout here must say why.
    const delivered = new Set(
      sqs.queue(inboundQueue).messages.map((m) => (JSON.parse(m.body) as { messageId: string }).messageId),
    );
    const pending = sqs.pending(commandsQueue).map((m) => m.body);
    const missing = expected.inbound.filter((m) => !delivered.has(m.id)).map((m) => m.id);
    console.error(`not carried out: ${pending.length} commands in the queue ${JSON.stringify(pending.slice(0, 10))}`);
    console.error(`inbound never delivered: ${JSON.stringify(missing)}`);
    for (const [name, child] of children) console.error(`${name}, last lines:\n${child.output.slice(-40).join('\n')}`);
    throw error;
  });
}

it('shares sessions between tasks, survives a SIGKILL and a rolling deploy mid-burst: 0 lost, 0 duplicated, no double session', async () => {
  for (const whatsappId of connections) {
    await documents.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          pk: `C#${companyId}`,
          sk: `WAPP#${whatsappId}`,
          __edb_e__: 'whatsapp',
          provider: 'sandbox',
          status: 'OPENING',
          name: `S${whatsappId}`,
        },
      }),
    );
    command({ type: 'startSession', whatsappId });
    command({ type: 'sandboxScan', whatsappId });
  }

  const started = Date.now();
  const marks: string[] = [];
  const mark = (what: string) => marks.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // 1. A runs the four; B starts and A hands it its share.
  await startChild('task-a');
  await until(async () => (await countHeld('task-a')) === 4, 'task A to run the four sessions');
  await until(async () => sqs.pending(commandsQueue).length === 0, 'the sessions paired');
  await startChild('task-b');
  await until(
    async () => (await countHeld('task-b')) === 2 && (await countHeld('task-a')) === 2,
    'A to hand B two sessions',
  );

  mark('shared');
  // 2. The burst; A killed once a third of it is carried out.
  const before = doneCommands();
  const first = await burst('a', 10);
  await until(() => doneCommands() - before >= first.total / 3, 'a third of the burst carried out');
  children.get('task-a')!.process.kill('SIGKILL');
  children.get('task-a')!.killedAt = Date.now();
  const doneAtKill = doneCommands() - before;
  expect(doneAtKill, 'the burst was still going when A was killed').toBeLessThan(first.total);
  mark('A killed');
  await settled(first);
  mark('first burst done');
  // B takes A's last session once its lease runs out, which may be after the burst is done.
  await until(async () => (await countHeld('task-b')) === 4, 'B to run the four sessions');

  // 3. A rolling deploy: C starts, B gets SIGTERM in the middle of the next burst.
  await startChild('task-c');
  const beforeSecond = doneCommands();
  const second = await burst('b', 10);
  await until(
    () => doneCommands() - beforeSecond >= second.total / 3,
    'a third of the second burst carried out',
  );
  const bExited = exited('task-b');
  children.get('task-b')!.process.kill('SIGTERM');
  await bExited;
  mark('B stopped');
  await settled(second);
  mark('second burst done');
  // C takes the sessions B let go of on its reconcile, which may come after the burst is done.
  await until(async () => (await countHeld('task-c')) === 4, 'C to run the four sessions');

  // Every inbound message once, in order per chat.
  const delivered = sqs
    .queue(inboundQueue)
    .messages.map((m) => JSON.parse(m.body) as { messageId: string; chatJid?: string });
  const deliveredIds = delivered.map((m) => m.messageId);
  const expectedInbound = [...first.inbound, ...second.inbound];
  expect(deliveredIds.toSorted()).toEqual(expectedInbound.map((m) => m.id).toSorted());
  for (const chat of new Set(expectedInbound.map((m) => m.chat))) {
    const ids = expectedInbound.filter((m) => m.chat === chat).map((m) => m.id);
    expect(deliveredIds.filter((id) => ids.includes(id))).toEqual(ids);
  }
  // Every send reached its customer once.
  const sent: string[] = [];
  for (const whatsappId of connections)
    sent.push(
      ...(await partition(`C#${companyId}`, `SANDBOX#${whatsappId}#OUT#`)).map((item) => String(item.id)),
    );
  expect(sent.toSorted()).toEqual([...first.outbound, ...second.outbound].toSorted());
  // Nothing left relayed; nothing received so often it would have gone to the dead letters.
  for (const whatsappId of connections)
    expect(await partition(`C#${companyId}`, `WRELAY#${whatsappId}#`)).toEqual([]);
  expect(Math.max(...sqs.queue(commandsQueue).messages.map((m) => m.receiveCount))).toBeLessThan(10);

  // Never two sessions of one connection at once: a killed task's sessions end when it died.
  const events = (await readFile(join(directory, 'sessions.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as { event: 'start' | 'stop'; holderId: string; whatsappId: number; at: number },
    );
  for (const whatsappId of connections) {
    const intervals: { holder: string; from: number; to: number }[] = [];
    const open = new Map<string, number>();
    for (const event of events.filter((e) => e.whatsappId === whatsappId)) {
      if (event.event === 'start') open.set(event.holderId, event.at);
      else {
        intervals.push({ holder: event.holderId, from: open.get(event.holderId)!, to: event.at });
        open.delete(event.holderId);
      }
    }
    for (const [holder, from] of open)
      intervals.push({ holder, from, to: children.get(holder)?.killedAt ?? Number.POSITIVE_INFINITY });
    intervals.sort((x, y) => x.from - y.from);
    for (let i = 1; i < intervals.length; i += 1)
      expect(
        intervals[i]!.from,
        `connection ${whatsappId}: ${JSON.stringify(intervals)}`,
      ).toBeGreaterThanOrEqual(intervals[i - 1]!.to);
    expect(intervals.length, `connection ${whatsappId} moved`).toBeGreaterThanOrEqual(2);
  }
  // Commands that reached a task not holding their session went to the holder through the table.
  const { Responses } = await documents.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: connections.map((w) => leaseKey(companyId, w)), ConsistentRead: true },
      },
    }),
  );
  const relayed = (Responses?.[tableName] ?? []).reduce((sum, item) => sum + Number(item.relayed ?? 0), 0);
  expect(relayed).toBeGreaterThan(0);
  const absorbed = sqs.queue(inboundQueue).duplicatesAbsorbed;
  console.info(
    `two connectors: A killed after ${doneAtKill}/${first.total} commands; ${relayed} commands relayed; ${absorbed} inbound resends absorbed by deduplication; ${events.length} session starts and stops; ${marks.join(', ')}`,
  );
  await writeFile(join(directory, 'done'), '');
}, 480_000);
