/**
 * What must survive a stop and a start on the same data directory: table data, the JWT secret,
 * the stream position (nothing replayed), undelivered queue messages, and timers, including
 * those that fell due while the runtime was stopped.
 */
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './fixtures/fixture-functions.ts';
import { startFixtureRuntime, sleep, temporaryDirectory, waitFor } from './fixtures/harness.ts';

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

  it('refuses a second runtime in the same process', async () => {
    const running = await startFixtureRuntime(join(directory.path, 'other'));
    try {
      await expect(startFixtureRuntime(join(directory.path, 'third'))).rejects.toThrow(/already running/);
    } finally {
      await running.runtime.stop();
    }
  });
});
