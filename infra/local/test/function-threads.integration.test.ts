import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isMainThread, threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installLocalBindings,
  localBindings,
  type LocalBindings,
} from '../../../functions/src/homes/local.ts';
import { threadedBundleLoader, threadYoungGenerationMb, type ThreadedFunctions } from '../src/function-threads.ts';
import { FunctionInvoker } from '../src/invoke.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/threads/${name}.mjs`, import.meta.url));

describe('functions in threads of their own', () => {
  const sent: { queueName: string; body: string }[] = [];
  const scheduled: { name: string; at: Date }[] = [];
  let threads: ThreadedFunctions;
  let invoker: FunctionInvoker;
  let previous: LocalBindings | undefined;

  beforeAll(() => {
    previous = localBindings();
    installLocalBindings({
      queue: {
        send: async (queueName, message) => {
          if (message.body === 'refuse') throw new Error('QueueDoesNotExist: refused');
          sent.push({ queueName, body: message.body });
        },
      },
      scheduler: {
        schedule: async (timer) => void scheduled.push({ name: timer.name, at: timer.at }),
        cancel: async () => undefined,
      },
      mail: { send: async () => undefined },
    });
    const settings = new Map([['echo', { memoryMb: 256, timeoutSeconds: 5 }]]);
    threads = threadedBundleLoader((name) => fixture(name));
    invoker = new FunctionInvoker(threads.load, settings as never, 'us-east-1');
  });

  afterAll(async () => {
    await threads.terminate();
    if (previous) installLocalBindings(previous);
  });

  it('runs the handler off the main thread with a Lambda context and the shared environment', async () => {
    expect(isMainThread).toBe(true);
    process.env.THREAD_FIXTURE_VALUE = 'set after the thread started';
    const answer = (await invoker.invoke('echo', {})) as Record<string, unknown>;
    expect(answer.threadId).not.toBe(threadId);
    expect(answer).toMatchObject({
      functionName: 'echo',
      memory: '256',
      env: 'set after the thread started',
    });
    // A small young generation: eight busy threads at V8's default held ~200 MB more.
    expect(answer.youngGenerationMb).toBe(threadYoungGenerationMb());
    expect(answer.remainingMs).toBeGreaterThan(4000);
    expect(answer.remainingMs).toBeLessThanOrEqual(5000);
    delete process.env.THREAD_FIXTURE_VALUE;
  });

  it("reaches the main thread's queue and scheduler, and gets their failures back", async () => {
    await invoker.invoke('echo', { enqueue: 'hello', schedule: 'timer-1' });
    expect(sent).toEqual([{ queueName: 'fixture-queue', body: 'hello' }]);
    expect(scheduled).toEqual([{ name: 'timer-1', at: new Date(0) }]);
    await expect(invoker.invoke('echo', { enqueue: 'refuse' })).rejects.toThrow('QueueDoesNotExist: refused');
  });

  it('keeps one thread per function across invocations, running them concurrently', async () => {
    const answers = (await Promise.all(Array.from({ length: 5 }, () => invoker.invoke('echo', {})))) as {
      threadId: number;
    }[];
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
  });

  it("rejects with the handler's error, and with the import's error for a bundle that cannot load", async () => {
    await expect(invoker.invoke('echo', { fail: 'on purpose' })).rejects.toMatchObject({
      name: 'FixtureFailure',
      message: 'asked to fail: on purpose',
    });
    await expect(invoker.invoke('broken', {})).rejects.toThrow('broken at import');
  });

  it('starts a new thread for the next call when one dies, as Lambda replaces a sandbox', async () => {
    const first = (await invoker.invoke('echo', {})) as { threadId: number };
    await expect(invoker.invoke('echo', { exit: true })).rejects.toThrow(/exited/);
    const next = (await invoker.invoke('echo', {})) as { threadId: number };
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('tells the runtime when a write to DynamoDB is answered in a thread, and not for reads (the stream reader polls then)', async () => {
    const server = createServer((incoming, answer) => {
      incoming.resume();
      incoming.on('end', () => answer.end('{}'));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    let writes = 0;
    const watched = threadedBundleLoader((name) => fixture(name), undefined, () => (writes += 1));
    const watchedInvoker = new FunctionInvoker(watched.load, new Map() as never, 'us-east-1');
    const call = (target: string) => watchedInvoker.invoke('echo', { dynamoCall: { url, target } });
    try {
      await call('DynamoDB_20120810.PutItem');
      // The thread's message comes before its invocation's answer.
      expect(writes).toBe(1);
      await call('DynamoDB_20120810.GetItem');
      await call('DynamoDB_20120810.Query');
      await call('DynamoDBStreams_20120810.GetRecords');
      expect(writes).toBe(1);
      await call('DynamoDB_20120810.TransactWriteItems');
      await call('DynamoDB_20120810.UpdateItem');
      await call('DynamoDB_20120810.BatchWriteItem');
      await call('DynamoDB_20120810.DeleteItem');
      expect(writes).toBe(5);
    } finally {
      await watched.terminate();
      server.close();
    }
  });

  it('ends every thread on terminate; later invocations are refused', async () => {
    const fresh = threadedBundleLoader((name) => fixture(name));
    const handler = await fresh.load('echo');
    await fresh.terminate();
    await expect(
      Promise.resolve(handler({}, { getRemainingTimeInMillis: () => 1000 } as never)),
    ).rejects.toThrow(/exited|stopping/);
    await expect(fresh.load('echo')).rejects.toThrow('the runtime is stopping');
  });
});

describe('functions sharing a thread (the runtime groups them, decision 0124)', () => {
  let dir: string;
  let threads: ThreadedFunctions;
  let invoker: FunctionInvoker;
  const lines: { source: string; line: string }[] = [];
  // Two bundles of their own (a module imported twice in one thread would be one instance), and one that cannot load.
  const pathOf = (name: string) => (name === 'broken' ? fixture('broken') : join(dir, `${name}.mjs`));
  const threadOf = (name: string) => (name === 'alone' ? 'alone' : 'shared');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atende-threads-'));
    for (const name of ['first', 'second', 'alone']) await copyFile(fixture('counter'), join(dir, `${name}.mjs`));
    threads = threadedBundleLoader(pathOf, (source, line) => lines.push({ source, line }), undefined, threadOf);
    invoker = new FunctionInvoker(threads.load, new Map() as never, 'us-east-1');
  });

  afterAll(async () => {
    await threads.terminate();
    await rm(dir, { recursive: true, force: true });
  });

  type Counted = { threadId: number; functionName: string; calls: number };
  const call = async (name: string, event: object = {}) => (await invoker.invoke(name, event)) as Counted;

  it('runs the functions of a group in one thread, each with its own module state and its own lines', async () => {
    const first = await call('first');
    await call('first');
    const second = await call('second');
    const alone = await call('alone');
    expect(second.threadId).toBe(first.threadId);
    expect(alone.threadId).not.toBe(first.threadId);
    expect([first.calls, second.calls, alone.calls]).toEqual([1, 1, 1]);
    expect((await call('first')).calls).toBe(3);
    await expect.poll(() => lines.filter((line) => line.line.includes('"counted"')).length).toBe(5);
    const sources = lines.filter((line) => line.line.includes('"counted"')).map((line) => line.source);
    // Each thread's lines keep their order; two threads' lines reach us in either order.
    expect(sources.filter((source) => source !== 'alone')).toEqual(['first', 'first', 'second', 'first']);
    expect(sources.filter((source) => source === 'alone')).toEqual(['alone']);
  });

  it("keeps a group's other functions working when one of them cannot load", async () => {
    const threadOfBroken = (name: string) => (name === 'broken' ? 'shared' : threadOf(name));
    const mixed = threadedBundleLoader(pathOf, undefined, undefined, threadOfBroken);
    const mixedInvoker = new FunctionInvoker(mixed.load, new Map() as never, 'us-east-1');
    try {
      await expect(mixedInvoker.invoke('broken', {})).rejects.toThrow('broken at import');
      expect(await mixedInvoker.invoke('first', {})).toMatchObject({ functionName: 'first', calls: 1 });
      // Tried again on the next call, from a fresh module instance.
      await expect(mixedInvoker.invoke('broken', {})).rejects.toThrow('broken at import');
      expect(await mixedInvoker.invoke('first', {})).toMatchObject({ calls: 2 });
    } finally {
      await mixed.terminate();
    }
  });

  it("starts the group's thread again when it dies, with its functions imported again on their next call", async () => {
    const before = await call('second');
    await expect(call('first', { exit: true })).rejects.toThrow(/exited/);
    const [first, second] = await Promise.all([call('first'), call('second')]);
    expect(first.threadId).toBe(second.threadId);
    expect(first.threadId).not.toBe(before.threadId);
    // Fresh module instances: the counts start again.
    expect([first.calls, second.calls]).toEqual([1, 1]);
  });
});
