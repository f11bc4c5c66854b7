/**
 * The runtime's event plumbing end to end: DynamoDB Local's stream feeding a stream consumer,
 * the local queues (FIFO order, deduplication, delays, retries, dead letters) and the local
 * scheduler, all with fixture consumers.
 */
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFixtureRuntime,
  sleep,
  temporaryDirectory,
  waitFor,
  type FixtureRuntime,
} from './fixtures/harness.ts';

let fixture: FixtureRuntime;
let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let documents: DynamoDBDocumentClient;

beforeAll(async () => {
  directory = await temporaryDirectory('atende-events-');
  fixture = await startFixtureRuntime(join(directory.path, 'data'));
  documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: fixture.runtime.env.DYNAMODB_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});

afterAll(async () => {
  documents?.destroy();
  await fixture?.runtime.stop();
  await directory?.remove();
});

const streamKeys = () =>
  fixture.recorder.streamRecords.map(
    (r) => (r as { dynamodb: { Keys: { sk: { S: string } } } }).dynamodb.Keys.sk.S,
  );
const deliveredBodies = (queue: string) =>
  fixture.recorder.queueDeliveries
    .filter((d) => d.queue === queue)
    .flatMap((d) => d.records.map((r) => r.body as string));

describe('stream reader', () => {
  it('hands a table change to the stream consumer, shaped like Lambda’s event', async () => {
    await documents.send(
      new PutCommand({ TableName: 'atende', Item: { pk: 'TICKET#1', sk: 'stream-1', status: 'open' } }),
    );
    // How soon is the bench's to measure (a loaded machine makes any bound here flaky).
    await waitFor(() => streamKeys().includes('stream-1'), 10_000);
    const record = fixture.recorder.streamRecords.find(
      (r) => streamKeys()[fixture.recorder.streamRecords.indexOf(r)] === 'stream-1',
    )!;
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: {
        Keys: { pk: { S: 'TICKET#1' }, sk: { S: 'stream-1' } },
        NewImage: { pk: { S: 'TICKET#1' }, sk: { S: 'stream-1' }, status: { S: 'open' } },
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    expect(
      typeof (record as { dynamodb: { ApproximateCreationDateTime: unknown } }).dynamodb
        .ApproximateCreationDateTime,
    ).toBe('number');
    expect((record as { eventSourceARN: string }).eventSourceARN).toContain('/stream/');
  });

  it('retries from the failed record reported in batchItemFailures, keeping order', async () => {
    fixture.recorder.streamFailuresLeft.set('retry-2', 2);
    for (const sk of ['retry-1', 'retry-2', 'retry-3']) {
      await documents.send(new PutCommand({ TableName: 'atende', Item: { pk: 'TICKET#2', sk } }));
    }
    await waitFor(() => streamKeys().includes('retry-3'), 3000);
    const keys = streamKeys().filter((key) => key.startsWith('retry-'));
    expect(keys).toEqual(['retry-1', 'retry-2', 'retry-3']);
    expect(fixture.recorder.streamFailuresLeft.get('retry-2')).toBe(0);
  });

  it('narrows a batch that throws down to the poison record, skips it after the retries, and goes on', async () => {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: 'atende', Item: { pk: 'TICKET#3', sk: 'poison-1' } } },
          { Put: { TableName: 'atende', Item: { pk: 'TICKET#3', sk: 'poison-2', poison: true } } },
          { Put: { TableName: 'atende', Item: { pk: 'TICKET#3', sk: 'poison-3' } } },
        ],
      }),
    );
    await waitFor(() => streamKeys().includes('poison-3'), 5000);
    expect(streamKeys().filter((key) => key.startsWith('poison-'))).toEqual(['poison-1', 'poison-3']);
    await documents.send(
      new PutCommand({ TableName: 'atende', Item: { pk: 'TICKET#3', sk: 'after-poison' } }),
    );
    await waitFor(() => streamKeys().includes('after-poison'), 1000);
  });
});

describe('local queues', () => {
  it('delivers a FIFO queue in order per group and drops duplicates within the window', async () => {
    const { queue } = fixture.runtime;
    for (let i = 1; i <= 4; i++) {
      await queue.send('orders.fifo', { body: `a${i}`, groupId: 'A', deduplicationId: `a${i}` });
      await queue.send('orders.fifo', { body: `b${i}`, groupId: 'B', deduplicationId: `b${i}` });
    }
    await queue.send('orders.fifo', { body: 'a1 again', groupId: 'A', deduplicationId: 'a1' });
    await waitFor(() => deliveredBodies('orders.fifo').length >= 8);
    await sleep(300);
    const bodies = deliveredBodies('orders.fifo');
    expect(bodies.filter((b) => b.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(bodies.filter((b) => b.startsWith('b'))).toEqual(['b1', 'b2', 'b3', 'b4']);
    const record = fixture.recorder.queueDeliveries.find((d) => d.queue === 'orders.fifo')!.records[0]!;
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:orders.fifo',
      attributes: { MessageGroupId: 'A', MessageDeduplicationId: 'a1', ApproximateReceiveCount: '1' },
    });
  });

  it('refuses FIFO messages without a group, like SQS', async () => {
    await expect(fixture.runtime.queue.send('orders.fifo', { body: 'x' })).rejects.toThrow(/groupId/);
    await expect(fixture.runtime.queue.send('no-such-queue', { body: 'x' })).rejects.toThrow(
      /QueueDoesNotExist/,
    );
  });

  it('honours delaySeconds on a standard queue', async () => {
    const sentAt = Date.now();
    await fixture.runtime.queue.send('jobs', { body: 'delayed', delaySeconds: 1 });
    await sleep(500);
    expect(deliveredBodies('jobs')).not.toContain('delayed');
    await waitFor(() => deliveredBodies('jobs').includes('delayed'), 3000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
  });

  it('retries a failing message after the visibility timeout, then moves it to the dead-letter list', async () => {
    await fixture.runtime.queue.send('jobs', { body: 'fail-me' });
    await fixture.runtime.queue.send('jobs', { body: 'fine' });
    const deadLetters = await waitFor(async () => {
      const letters = await fixture.runtime.queue.deadLetters('jobs');
      return letters.length > 0 ? letters : undefined;
    }, 5000);
    expect(deadLetters.map((m) => m.body)).toEqual(['fail-me']);
    expect(deadLetters[0]!.receiveCount).toBe(2);
    const receives = fixture.recorder.queueDeliveries
      .filter((d) => d.queue === 'jobs')
      .flatMap((d) => d.records)
      .filter((r) => r.body === 'fail-me')
      .map((r) => (r.attributes as { ApproximateReceiveCount: string }).ApproximateReceiveCount);
    expect(receives).toEqual(['1', '2']);
    expect(deliveredBodies('jobs').filter((b) => b === 'fine')).toHaveLength(1);
  });
});

describe('local scheduler', () => {
  it('fires a timer once, when it falls due, into its queue', async () => {
    await fixture.runtime.scheduler.schedule({
      name: 'timer-once',
      at: new Date(Date.now() + 1000),
      queueName: 'jobs',
      body: 'timer fired',
    });
    await sleep(600);
    expect(deliveredBodies('jobs')).not.toContain('timer fired');
    await waitFor(() => deliveredBodies('jobs').includes('timer fired'), 3000);
    await sleep(1500);
    expect(deliveredBodies('jobs').filter((b) => b === 'timer fired')).toHaveLength(1);
  });

  it('moves a timer scheduled again under the same name, and cancels it', async () => {
    const { scheduler } = fixture.runtime;
    await scheduler.schedule({
      name: 'timer-moved',
      at: new Date(Date.now() + 300),
      queueName: 'jobs',
      body: 'moved',
    });
    await scheduler.schedule({
      name: 'timer-moved',
      at: new Date(Date.now() + 1200),
      queueName: 'jobs',
      body: 'moved',
    });
    await sleep(800);
    expect(deliveredBodies('jobs')).not.toContain('moved');
    await waitFor(() => deliveredBodies('jobs').includes('moved'), 3000);

    await scheduler.schedule({
      name: 'timer-cancelled',
      at: new Date(Date.now() + 300),
      queueName: 'jobs',
      body: 'cancelled',
    });
    await scheduler.cancel('timer-cancelled');
    await sleep(1000);
    expect(deliveredBodies('jobs')).not.toContain('cancelled');
  });

  it('sends to FIFO queues with a group, as EventBridge Scheduler must', async () => {
    await fixture.runtime.scheduler.schedule({
      name: 'timer-fifo',
      at: new Date(Date.now() + 100),
      queueName: 'orders.fifo',
      body: 'scheduled order',
    });
    await waitFor(() => deliveredBodies('orders.fifo').includes('scheduled order'), 3000);
  });

  it('hides its own items from stream consumers', () => {
    const pks = fixture.recorder.streamRecords.map(
      (r) => (r as { dynamodb: { Keys: { pk: { S: string } } } }).dynamodb.Keys.pk.S,
    );
    expect(pks.some((pk) => pk.startsWith('LOCAL'))).toBe(false);
  });
});
