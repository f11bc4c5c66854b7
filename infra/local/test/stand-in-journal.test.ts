import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedMessage } from '../src/queue-message.ts';
import { StandInJournal } from '../src/stand-in-journal.ts';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function journalFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'stand-ins-'));
  directories.push(directory);
  return join(directory, 'stand-ins.jsonl');
}

function message(sequence: string, body = `body ${sequence}`): QueuedMessage {
  return { sequence, messageId: `id-${sequence}`, body, sentAtMs: 1, visibleAtMs: 1, receiveCount: 0 };
}

describe("the stand-ins' journal", () => {
  it('reads back what was committed, in sequence order, after a kill (no close)', () => {
    const file = journalFile();
    const first = StandInJournal.open(file);
    first.commit([
      { type: 'message', queue: 'jobs', message: message('0003') },
      { type: 'message', queue: 'jobs', message: message('0001') },
      { type: 'message', queue: 'jobs', message: message('0002') },
    ]);
    first.commit([{ type: 'messageDone', queue: 'jobs', sequence: '0002' }]);
    first.commit([
      { type: 'deadLetter', queue: 'jobs', message: { ...message('0003'), deadLetteredAtMs: 5, lastError: 'boom' } },
    ]);
    first.commit([{ type: 'timer', timer: { name: 'later', atMs: 20, queueName: 'jobs', body: 'x' } }]);
    first.commit([{ type: 'timer', timer: { name: 'sooner', atMs: 10, queueName: 'jobs', body: 'y', rateMs: 60_000 } }]);
    first.commit([{ type: 'timer', timer: { name: 'gone', atMs: 5, queueName: 'jobs', body: 'z' } }]);
    first.commit([{ type: 'timerDone', name: 'gone' }]);

    const second = StandInJournal.open(file);
    expect(second.unreadableLines).toBe(0);
    expect(second.queuedMessages('jobs').map((queued) => queued.sequence)).toEqual(['0001']);
    expect(second.deadLettersOf('jobs')).toEqual([{ ...message('0003'), deadLetteredAtMs: 5, lastError: 'boom' }]);
    expect(second.timersByDueTime().map((timer) => timer.name)).toEqual(['sooner', 'later']);
    expect(second.timer('sooner')).toEqual({ name: 'sooner', atMs: 10, queueName: 'jobs', body: 'y', rateMs: 60_000 });
    expect(second.queuedCount('other')).toBe(0);
    second.close();
    first.close();
  });

  it('keeps a copy: changing a committed message object changes nothing stored', () => {
    const journal = StandInJournal.open(journalFile());
    const queued = message('0001');
    journal.commit([{ type: 'message', queue: 'jobs', message: queued }]);
    queued.receiveCount = 7;
    expect(journal.queuedMessages('jobs')[0]!.receiveCount).toBe(0);
    journal.close();
  });

  it("ignores a last line a crash cut short, and drops it from the file once read", () => {
    const file = journalFile();
    const first = StandInJournal.open(file);
    first.commit([{ type: 'message', queue: 'jobs', message: message('0001') }]);
    first.close();
    // A commit of two changes cut in the middle: neither is applied.
    appendFileSync(file, '[{"type":"messageDone","queue":"jobs","sequence":"0001"},{"type":"mess');

    const second = StandInJournal.open(file);
    expect(second.unreadableLines).toBe(1);
    expect(second.queuedMessages('jobs').map((queued) => queued.sequence)).toEqual(['0001']);
    second.close();
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    const third = StandInJournal.open(file);
    expect(third.unreadableLines).toBe(0);
    expect(third.queuedCount('jobs')).toBe(1);
    third.close();
  });

  it('knows a deduplication id within its window only', () => {
    const file = journalFile();
    const journal = StandInJournal.open(file);
    journal.commit([{ type: 'deduplication', queue: 'inbound.fifo', id: 'abc', expiresAtMs: 1_000 }]);
    expect(journal.isDuplicate('inbound.fifo', 'abc', 999)).toBe(true);
    expect(journal.isDuplicate('inbound.fifo', 'abc', 1_000)).toBe(true);
    expect(journal.isDuplicate('inbound.fifo', 'abc', 1_001)).toBe(false);
    expect(journal.isDuplicate('other.fifo', 'abc', 999)).toBe(false);
    journal.close();
    // Expired marks are left out when the file is rewritten (their window ended long ago).
    const reopened = StandInJournal.open(file);
    expect(reopened.isDuplicate('inbound.fifo', 'abc', 0)).toBe(false);
    expect(readFileSync(file, 'utf8')).not.toContain('abc');
    reopened.close();
  });

  it('rewrites itself as what it holds once it has grown, so a busy queue keeps a small file', () => {
    const file = journalFile();
    const journal = StandInJournal.open(file);
    const body = 'x'.repeat(1_000);
    // ~10 MB of commits, each message put and then done: nothing is left but the last one.
    for (let i = 0; i < 5_000; i++) {
      const sequence = String(i).padStart(8, '0');
      journal.commit([{ type: 'message', queue: 'jobs', message: message(sequence, body) }]);
      if (i < 4_999) journal.commit([{ type: 'messageDone', queue: 'jobs', sequence }]);
    }
    expect(statSync(file).size).toBeLessThan(5 * 1024 * 1024);
    journal.close();
    const reopened = StandInJournal.open(file);
    expect(reopened.queuedMessages('jobs').map((queued) => queued.sequence)).toEqual(['00004999']);
    reopened.close();
    expect(statSync(file).size).toBeLessThan(2_000);
  });

  it('refuses a commit once closed', () => {
    const journal = StandInJournal.open(journalFile());
    journal.close();
    expect(() => journal.commit([{ type: 'timerDone', name: 'x' }])).toThrow(/closed/);
  });
});
