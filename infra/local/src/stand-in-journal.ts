/**
 * The local SQS and EventBridge Scheduler stand-ins' state (queue messages, dead letters, FIFO
 * deduplication marks, timers), held in memory and kept in an append-only journal file of the
 * data directory, `stand-ins.jsonl`. In AWS that state lives in SQS and Scheduler, outside the
 * product's table; here it used to be a DynamoDB Local table of its own, which cost the JVM about
 * a third of its calls on the inbound path (docs/decisions.md, "The local queues and timers keep
 * a journal file").
 *
 * Each commit is one line: a JSON array of changes, written with one synchronous write before the
 * commit returns, so a change is in the file before anything acts on it and survives a kill of
 * the process (the page cache keeps it). A commit's changes are applied together or not at all: a
 * last line cut short by a crash is not a line (no newline) and is ignored when the file is read
 * back. The stand-ins run on the runtime's main thread, so a condition checked before a commit
 * (a deduplication mark, a timer still due) still holds when it is written.
 *
 * Start reads the file back and rewrites it as what it holds now (a snapshot, through a rename);
 * so does a commit once the file has grown to four times its last snapshot (at least 4 MB).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { QueuedMessage } from './queue-message.ts';

export interface DeadLetter extends QueuedMessage {
  deadLetteredAtMs: number;
  lastError: string;
}

/** An EventBridge Scheduler schedule as the stand-in keeps it. */
export interface StoredTimer {
  name: string;
  atMs: number;
  queueName: string;
  body: string;
  /** Recurring schedules only: the period. */
  rateMs?: number;
}

/** One change of a commit; a put replaces what has the same key. */
export type StandInChange =
  | { type: 'message'; queue: string; message: QueuedMessage }
  | { type: 'messageDone'; queue: string; sequence: string }
  /** Moves a message from its queue to the queue's dead letters. */
  | { type: 'deadLetter'; queue: string; message: DeadLetter }
  | { type: 'deduplication'; queue: string; id: string; expiresAtMs: number }
  | { type: 'timer'; timer: StoredTimer }
  | { type: 'timerDone'; name: string };

/** The smallest file size that starts a rewrite while running. */
const minRewriteBytes = 4 * 1024 * 1024;
/** Changes per line of a snapshot. */
const snapshotLineChanges = 256;

export class StandInJournal {
  private readonly messages = new Map<string, Map<string, QueuedMessage>>();
  private readonly deadLetters = new Map<string, Map<string, DeadLetter>>();
  private readonly deduplicationMarks = new Map<string, Map<string, number>>();
  private readonly timers = new Map<string, StoredTimer>();
  private fd: number | undefined;
  private fileBytes = 0;
  private snapshotBytes = 0;
  /** Lines of the file that could not be read back (a crash's cut line, or damage). */
  readonly unreadableLines: number;

  private constructor(private readonly file: string) {
    this.unreadableLines = this.replay();
    this.rewrite();
  }

  /** Reads the journal back (none yet: empty) and keeps it open for appending. */
  static open(file: string): StandInJournal {
    return new StandInJournal(file);
  }

  /** Applies the changes and writes them as one line; the file holds them once this returns. */
  commit(changes: readonly StandInChange[]): void {
    if (changes.length === 0) return;
    if (this.fd === undefined) throw new Error('stand-in journal is closed');
    const line = Buffer.from(`${JSON.stringify(changes)}\n`);
    writeAll(this.fd, line);
    this.fileBytes += line.length;
    for (const change of changes) this.apply(change);
    if (this.fileBytes > Math.max(minRewriteBytes, this.snapshotBytes * 4)) this.rewrite();
  }

  /** A queue's messages (copies), oldest first. */
  queuedMessages(queue: string): QueuedMessage[] {
    return sortedBySequence(this.messages.get(queue)).map((message) => ({ ...message }));
  }

  /** How many messages a queue holds (delivered or not). */
  queuedCount(queue: string): number {
    return this.messages.get(queue)?.size ?? 0;
  }

  /** A queue's dead letters, oldest first. */
  deadLettersOf(queue: string): DeadLetter[] {
    return sortedBySequence(this.deadLetters.get(queue)).map((message) => ({ ...message }));
  }

  /** Whether a FIFO queue saw this deduplication id within its window. */
  isDuplicate(queue: string, id: string, nowMs: number): boolean {
    const expiresAtMs = this.deduplicationMarks.get(queue)?.get(id);
    return expiresAtMs !== undefined && expiresAtMs >= nowMs;
  }

  timer(name: string): StoredTimer | undefined {
    const timer = this.timers.get(name);
    return timer && { ...timer };
  }

  /** Every timer, the soonest first (ties by name). */
  timersByDueTime(): StoredTimer[] {
    return [...this.timers.values()].sort(byDueTime).map((timer) => ({ ...timer }));
  }

  /**
   * The timers due at `nowMs`, the soonest first, and when the next of the others falls due: one
   * pass over the timers, without sorting those not due (a company's many ticket timers).
   */
  timersDue(nowMs: number): { due: StoredTimer[]; nextAtMs: number | undefined } {
    const due: StoredTimer[] = [];
    let nextAtMs: number | undefined;
    for (const timer of this.timers.values()) {
      if (timer.atMs <= nowMs) due.push({ ...timer });
      else if (nextAtMs === undefined || timer.atMs < nextAtMs) nextAtMs = timer.atMs;
    }
    return { due: due.sort(byDueTime), nextAtMs };
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private apply(change: StandInChange): void {
    switch (change.type) {
      case 'message':
        entriesOf(this.messages, change.queue).set(change.message.sequence, { ...change.message });
        return;
      case 'messageDone':
        this.messages.get(change.queue)?.delete(change.sequence);
        return;
      case 'deadLetter':
        this.messages.get(change.queue)?.delete(change.message.sequence);
        entriesOf(this.deadLetters, change.queue).set(change.message.sequence, { ...change.message });
        return;
      case 'deduplication':
        entriesOf(this.deduplicationMarks, change.queue).set(change.id, change.expiresAtMs);
        return;
      case 'timer':
        this.timers.set(change.timer.name, { ...change.timer });
        return;
      case 'timerDone':
        this.timers.delete(change.name);
        return;
    }
  }

  /** Applies every whole line of the file; answers how many lines could not be read. */
  private replay(): number {
    if (!existsSync(this.file)) return 0;
    const text = readFileSync(this.file, 'utf8');
    const lines = text.split('\n');
    // The part after the last newline is a line cut short (or nothing).
    const cut = lines.pop() ?? '';
    let unreadable = cut.length > 0 ? 1 : 0;
    for (const line of lines) {
      if (line.length === 0) continue;
      let changes: StandInChange[];
      try {
        changes = JSON.parse(line) as StandInChange[];
      } catch {
        unreadable++;
        continue;
      }
      for (const change of changes) this.apply(change);
    }
    return unreadable;
  }

  /** Rewrites the file as what it holds now (expired deduplication marks left out). */
  private rewrite(): void {
    const nowMs = Date.now();
    const changes: StandInChange[] = [];
    for (const [queue, messages] of this.messages)
      for (const message of sortedBySequence(messages)) changes.push({ type: 'message', queue, message });
    for (const [queue, letters] of this.deadLetters)
      for (const message of sortedBySequence(letters)) changes.push({ type: 'deadLetter', queue, message });
    for (const [queue, marks] of this.deduplicationMarks)
      for (const [id, expiresAtMs] of marks) {
        if (expiresAtMs < nowMs) marks.delete(id);
        else changes.push({ type: 'deduplication', queue, id, expiresAtMs });
      }
    for (const timer of this.timers.values()) changes.push({ type: 'timer', timer });
    let text = '';
    for (let i = 0; i < changes.length; i += snapshotLineChanges)
      text += `${JSON.stringify(changes.slice(i, i + snapshotLineChanges))}\n`;
    const next = `${this.file}.next`;
    const fd = openSync(next, 'w');
    try {
      writeAll(fd, Buffer.from(text));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(next, this.file);
    this.close();
    this.fd = openSync(this.file, 'a');
    this.snapshotBytes = Buffer.byteLength(text);
    this.fileBytes = this.snapshotBytes;
  }
}

function byDueTime(a: StoredTimer, b: StoredTimer): number {
  return a.atMs - b.atMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function entriesOf<T>(byQueue: Map<string, Map<string, T>>, queue: string): Map<string, T> {
  let entries = byQueue.get(queue);
  if (!entries) byQueue.set(queue, (entries = new Map()));
  return entries;
}

function sortedBySequence<T extends { sequence: string }>(entries: Map<string, T> | undefined): T[] {
  return [...(entries?.values() ?? [])].sort((a, b) =>
    a.sequence < b.sequence ? -1 : a.sequence > b.sequence ? 1 : 0,
  );
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let offset = 0; offset < bytes.length; )
    offset += writeSync(fd, bytes, offset, bytes.length - offset);
}
