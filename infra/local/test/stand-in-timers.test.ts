/**
 * The local scheduler and queue on the stand-ins' journal alone (no DynamoDB Local): a timer's
 * firing and its message are one journal line, a recurring schedule is woken for at its next
 * occurrence, and a journal read back after a kill fires a due timer once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionInvoker } from '../src/invoke.ts';
import { LocalQueue } from '../src/local-queue.ts';
import { LocalScheduler } from '../src/local-scheduler.ts';
import type { Logger } from '../src/log.ts';
import { StandInJournal } from '../src/stand-in-journal.ts';

const directories: string[] = [];
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const part of running.splice(0)) await part.stop();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const quietLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function journalFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'stand-in-timers-'));
  directories.push(directory);
  return join(directory, 'stand-ins.jsonl');
}

/** A queue `jobs` whose consumer records each body, and a scheduler, on one journal. */
function standIns(file: string) {
  const delivered: string[] = [];
  const invoker = {
    invoke: async (_name: string, event: unknown) => {
      for (const record of (event as { Records: { body: string }[] }).Records) delivered.push(record.body);
      return {};
    },
  } as unknown as FunctionInvoker;
  const journal = StandInJournal.open(file);
  const queue = new LocalQueue({
    journal,
    queues: [
      {
        name: 'jobs',
        fifo: false,
        consumer: { name: 'jobs-consumer', entry: 'jobs.ts', batchSize: 10 },
        visibilityTimeoutSeconds: 30,
        maxReceiveCount: 3,
      },
    ],
    invoker,
    region: 'us-east-1',
    log: quietLog,
  });
  const scheduler = new LocalScheduler(journal, queue, quietLog);
  running.push({
    stop: async () => {
      await scheduler.stop();
      await queue.stop();
      journal.close();
    },
  });
  return { journal, queue, scheduler, delivered };
}

describe('the local scheduler on the journal', () => {
  it("writes a timer's deletion and its message in one line, and delivers it once", async () => {
    const file = journalFile();
    const { queue, scheduler, delivered } = standIns(file);
    await queue.start();
    await scheduler.start();
    await scheduler.schedule({ name: 'remind-1', at: new Date(Date.now() + 50), queueName: 'jobs', body: 'remind' });
    await vi.waitFor(() => expect(delivered).toEqual(['remind']), { timeout: 5_000 });
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string }[]);
    const firing = lines.find((changes) => changes.some((change) => change.type === 'timerDone'));
    expect(firing?.map((change) => change.type)).toEqual(['timerDone', 'message']);
    expect(scheduler.pending()).toEqual([]);
  });

  it('fires a timer that fell due while the runtime was down once, from the journal read back', async () => {
    const file = journalFile();
    // A runtime that set a timer and was killed (nothing stopped, nothing flushed).
    const killed = StandInJournal.open(file);
    killed.commit([{ type: 'timer', timer: { name: 'overdue', atMs: Date.now() - 1_000, queueName: 'jobs', body: 'late' } }]);

    const { queue, scheduler, delivered } = standIns(file);
    await queue.start();
    await scheduler.start();
    await vi.waitFor(() => expect(delivered).toEqual(['late']), { timeout: 5_000 });
    await scheduler.runNow('overdue').then((exists) => expect(exists).toBe(false));
    expect(delivered).toEqual(['late']);
    killed.close();
  });

  it("wakes for a recurring schedule's next occurrence, not only at the next look", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, scheduler, delivered } = standIns(journalFile());
    await queue.start();
    await scheduler.start();
    await scheduler.scheduleRecurring({ name: 'tick', expression: 'rate(1 minute)', queueName: 'jobs', body: 'tick' });
    const firstAtMs = scheduler.pending()[0]!.atMs;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(scheduler.pending()[0]!.atMs).toBe(firstAtMs + 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(scheduler.pending()[0]!.atMs).toBe(firstAtMs + 120_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(delivered).toEqual(['tick', 'tick']), { timeout: 5_000 });
  });

  it('keeps a recurring schedule declared again unchanged at its time, and moves one whose body changed', async () => {
    const { scheduler } = standIns(journalFile());
    const schedule = { name: 'nightly', expression: 'rate(1 hour)', queueName: 'jobs', body: 'v1' };
    await scheduler.scheduleRecurring(schedule);
    const firstAtMs = scheduler.pending()[0]!.atMs;
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Each start declares every schedule again.
    await scheduler.scheduleRecurring(schedule);
    expect(scheduler.pending()).toEqual([
      { name: 'nightly', atMs: firstAtMs, queueName: 'jobs', body: 'v1', rateMs: 3_600_000 },
    ]);
    await scheduler.scheduleRecurring({ ...schedule, body: 'v2' });
    expect(scheduler.pending()[0]).toMatchObject({ body: 'v2' });
    expect(scheduler.pending()[0]!.atMs).toBeGreaterThan(firstAtMs);
  });
});

describe('the local queue on the journal', () => {
  it('delivers a delayed message when its wake timer ends just before the wall clock reaches its time', async () => {
    // Timers on the monotonic clock can end a moment before Date.now() reads their time. The
    // pump then found the message not visible yet, read the clock again (now past it) and armed
    // no wake for it: it waited for the queue's next unrelated event (a paced campaign step ~54 s).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
    const start = Date.now();
    let clock = start;
    const readings: number[] = [];
    const now = vi.spyOn(Date, 'now').mockImplementation(() => readings.shift() ?? clock);
    try {
      const { queue, delivered } = standIns(journalFile());
      await queue.start();
      await queue.send('jobs', { body: 'step', delaySeconds: 4 });
      await vi.advanceTimersByTimeAsync(0);
      expect(delivered).toEqual([]);
      // The wake timer ends with the wall clock 1 ms short; it reads the message's time right after.
      readings.push(start + 3_999);
      clock = start + 4_000;
      await vi.advanceTimersByTimeAsync(4_000);
      await vi.advanceTimersByTimeAsync(10);
      expect(delivered).toEqual(['step']);
    } finally {
      now.mockRestore();
    }
  });
});
