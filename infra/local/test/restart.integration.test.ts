/**
 * What must survive a stop and a start on the same data directory: table data, the JWT secret,
 * the stream position (nothing replayed), undelivered queue messages and timers (the stand-ins'
 * journal), including those that fell due while the runtime was stopped.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './fixtures/fixture-functions.ts';
import { startFixtureRuntime, sleep, temporaryDirectory, waitFor } from './fixtures/harness.ts';
import { createRuntimeDynamoClients } from '../src/dynamo-clients.ts';
import { startDynamoLocal } from '../src/dynamo.ts';
import { standInTableName } from '../src/env.ts';
import { findFreePort } from '../src/free-port.ts';
import { queueMessagesPk, schedulesPk } from '../src/runtime-keys.ts';
import { ensureTable } from '../src/table.ts';

let directory: Awaited<ReturnType<typeof temporaryDirectory>>;

beforeAll(async () => {
  directory = await temporaryDirectory('atende-restart-');
});

afterAll(async () => {
  await directory?.remove();
});

function documentsFor(endpoint: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

async function partition(documents: DynamoDBDocumentClient, table: string, pk: string) {
  const answer = await documents.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return answer.Items ?? [];
}

describe('stop and start on the same data directory', () => {
  it('keeps data, secret, stream position, queued messages and timers', async () => {
    const dataDir = join(directory.path, 'data');
    const first = await startFixtureRuntime(dataDir);
    expect(first.runtime.firstStart).toBe(true);
    const documents = documentsFor(first.runtime.env.DYNAMODB_ENDPOINT!);
    await documents.send(
      new PutCommand({ TableName: 'atende', Item: { pk: 'USER#1', sk: 'PROFILE', name: 'Ana' } }),
    );
    await waitFor(() => first.recorder.streamRecords.length === 1, 2000);
    await first.runtime.scheduler.schedule({
      name: 'due-while-stopped',
      at: new Date(Date.now() + 1500),
      queueName: 'jobs',
      body: 'timer from before the restart',
    });
    await first.runtime.scheduler.schedule({
      name: 'due-later',
      at: new Date(Date.now() + 60_000),
      queueName: 'jobs',
      body: 'not yet',
    });
    await first.runtime.queue.send('jobs', { body: 'delayed across the restart', delaySeconds: 2 });
    // The stand-ins keep their state in their journal, never in the product's table.
    // (The due-later timer is there for a minute; the others may already have been handed on.)
    expect(first.runtime.scheduler.pending().map((timer) => timer.name)).toContain('due-later');
    expect(readFileSync(join(dataDir, 'stand-ins.jsonl'), 'utf8')).toContain('due-later');
    expect(await partition(documents, 'atende', schedulesPk)).toHaveLength(0);
    expect(await partition(documents, 'atende', queueMessagesPk('jobs'))).toHaveLength(0);
    const secret = first.runtime.env.JWT_SECRET;
    documents.destroy();
    await first.runtime.stop();

    await sleep(2000);

    const recorder = createRecorder();
    const second = await startFixtureRuntime(dataDir, { recorder });
    try {
      expect(second.runtime.firstStart).toBe(false);
      expect(second.runtime.env.JWT_SECRET).toBe(secret);
      const bodies = () => recorder.queueDeliveries.flatMap((d) => d.records.map((r) => r.body as string));
      await waitFor(() => bodies().includes('timer from before the restart'), 3000);
      await waitFor(() => bodies().includes('delayed across the restart'), 3000);
      expect(bodies()).not.toContain('not yet');

      const reopened = documentsFor(second.runtime.env.DYNAMODB_ENDPOINT!);
      const item = await reopened.send(
        new GetCommand({ TableName: 'atende', Key: { pk: 'USER#1', sk: 'PROFILE' } }),
      );
      expect(item.Item).toMatchObject({ name: 'Ana' });

      // The stream resumes after its checkpoint: the record handled before the stop is not replayed.
      await reopened.send(new PutCommand({ TableName: 'atende', Item: { pk: 'USER#2', sk: 'PROFILE' } }));
      await waitFor(() => recorder.streamRecords.length >= 1, 2000);
      await sleep(200);
      const keys = recorder.streamRecords.map(
        (r) => (r as { dynamodb: { Keys: { pk: { S: string } } } }).dynamodb.Keys.pk.S,
      );
      expect(keys).toEqual(['USER#2']);
      reopened.destroy();
    } finally {
      await second.runtime.stop();
    }
  });

  it('moves the queue and timer items older data directories kept in DynamoDB Local into the journal', async () => {
    const dataDir = join(directory.path, 'before-stand-in-table');
    const first = await startFixtureRuntime(dataDir);
    await first.runtime.stop();
    // The data directory as older runtimes left it: their items in the product table, or in a
    // stand-ins' table of their own, and no journal.
    rmSync(join(dataDir, 'stand-ins.jsonl'));
    const port = await findFreePort();
    const dynamo = await startDynamoLocal({ dbDir: join(dataDir, 'dynamodb'), port });
    const clients = createRuntimeDynamoClients(dynamo.endpoint);
    const { documents } = clients;
    try {
      // The former stand-ins' table (its key schema is the product table's pk and sk).
      await ensureTable(clients.dynamo, standInTableName);
      const atMs = Date.now() - 1000;
      await documents.send(
        new PutCommand({
          TableName: standInTableName,
          Item: {
            pk: queueMessagesPk('jobs'),
            sk: '00000000000002-old',
            sequence: '00000000000002-old',
            messageId: 'old-table-message',
            body: "message kept in the stand-ins' table",
            sentAtMs: atMs,
            visibleAtMs: atMs,
            receiveCount: 0,
          },
        }),
      );
      await documents.send(
        new PutCommand({
          TableName: 'atende',
          Item: {
            pk: schedulesPk,
            sk: 'old-layout-timer',
            gsi1pk: schedulesPk,
            gsi1sk: `${new Date(atMs).toISOString()}#old-layout-timer`,
            atMs,
            queueName: 'jobs',
            body: 'timer kept in the product table',
          },
        }),
      );
      await documents.send(
        new PutCommand({
          TableName: 'atende',
          Item: {
            pk: queueMessagesPk('jobs'),
            sk: '00000000000001-old',
            sequence: '00000000000001-old',
            messageId: 'old-layout-message',
            body: 'message kept in the product table',
            sentAtMs: atMs,
            visibleAtMs: atMs,
            receiveCount: 0,
          },
        }),
      );
    } finally {
      clients.destroy();
      await dynamo.stop();
    }

    const recorder = createRecorder();
    const second = await startFixtureRuntime(dataDir, { recorder });
    const reopened = documentsFor(second.runtime.env.DYNAMODB_ENDPOINT!);
    try {
      expect(second.runtime.firstStart).toBe(false);
      const bodies = () => recorder.queueDeliveries.flatMap((d) => d.records.map((r) => r.body as string));
      await waitFor(() => bodies().includes('timer kept in the product table'), 5000);
      await waitFor(() => bodies().includes('message kept in the product table'), 5000);
      await waitFor(() => bodies().includes("message kept in the stand-ins' table"), 5000);
      expect(await partition(reopened, 'atende', schedulesPk)).toHaveLength(0);
      expect(await partition(reopened, 'atende', queueMessagesPk('jobs'))).toHaveLength(0);
      // The old table is gone once emptied.
      await expect(reopened.send(new DescribeTableCommand({ TableName: standInTableName }))).rejects.toThrow(
        ResourceNotFoundException,
      );
    } finally {
      reopened.destroy();
      await second.runtime.stop();
    }
  });

  it('refuses a second runtime in the same process', async () => {
    const running = await startFixtureRuntime(join(directory.path, 'other'));
    try {
      await expect(startFixtureRuntime(join(directory.path, 'third'))).rejects.toThrow(/already running/);
    } finally {
      await running.runtime.stop();
    }
  });
});
