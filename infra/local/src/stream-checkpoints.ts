/**
 * Where the stream reader has got to, per shard, in <dataDir>/stream-checkpoints.json. Writes
 * are asynchronous and coalesced (only the newest state is written), each atomic through a
 * rename, and flush() writes the newest state at once and waits for it.
 *
 * A write starts at most every `minWriteIntervalMs`: each costs an open, a write, a close and a
 * rename on the runtime's main thread (the gateway's), and a lane advances after every batch, so
 * unpaced they took about 7 % of that thread's busy time while customers' messages arrived. The
 * price is what a crash (never a stop, which flushes) hands the consumers again: the batches of
 * the last quarter of a second at most, as they take Lambda's retry of a batch (the
 * aggregator and the webhooks skip an event id they already applied; a live event sent twice is
 * merged once by the SPA).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';

interface CheckpointFile {
  streamArn: string;
  /** Last sequence number handled, per shard still being read. */
  shards: Record<string, string>;
  /** Shards read to their end. */
  finished: string[];
}

/** The least time between the starts of two writes of one file (flush() does not wait for it). */
export const minWriteIntervalMs = 250;

export class StreamCheckpoints {
  private state: CheckpointFile;
  private writing: Promise<void> | undefined;
  private dirty = false;
  /** Ends the pause before the next write (flush() calls it). */
  private endPause: (() => void) | undefined;
  private flushing = 0;
  private lastWriteStartMs = Number.NEGATIVE_INFINITY;

  private constructor(
    private readonly file: string,
    state: CheckpointFile,
  ) {
    this.state = state;
  }

  /** A new stream ARN (the table was recreated) starts from nothing. */
  static async load(file: string, streamArn: string): Promise<StreamCheckpoints> {
    let state: CheckpointFile = { streamArn, shards: {}, finished: [] };
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as CheckpointFile;
      if (saved.streamArn === streamArn)
        state = { streamArn, shards: saved.shards ?? {}, finished: saved.finished ?? [] };
    } catch {
      // First run, or an unreadable file: read every shard from its trim horizon.
    }
    return new StreamCheckpoints(file, state);
  }

  sequenceNumber(shardId: string): string | undefined {
    return this.state.shards[shardId];
  }

  isFinished(shardId: string): boolean {
    return this.state.finished.includes(shardId);
  }

  advance(shardId: string, sequenceNumber: string): void {
    this.state.shards[shardId] = sequenceNumber;
    this.save();
  }

  forget(shardId: string): void {
    delete this.state.shards[shardId];
    this.save();
  }

  finish(shardId: string): void {
    delete this.state.shards[shardId];
    if (!this.state.finished.includes(shardId)) this.state.finished.push(shardId);
    this.save();
  }

  /** Forgets finished shards the stream no longer lists (trimmed after 24 hours). */
  retainFinished(listedShardIds: Set<string>): void {
    const kept = this.state.finished.filter((id) => listedShardIds.has(id));
    if (kept.length !== this.state.finished.length) {
      this.state.finished = kept;
      this.save();
    }
  }

  async flush(): Promise<void> {
    this.flushing += 1;
    try {
      this.endPause?.();
      while (this.writing) await this.writing;
    } finally {
      this.flushing -= 1;
    }
  }

  private save(): void {
    this.dirty = true;
    if (this.writing) return;
    this.writing = (async () => {
      while (this.dirty) {
        if (this.flushing === 0) await this.pause(this.lastWriteStartMs + minWriteIntervalMs - Date.now());
        this.lastWriteStartMs = Date.now();
        this.dirty = false;
        const temporary = `${this.file}.tmp`;
        await writeFile(temporary, JSON.stringify(this.state));
        await rename(temporary, this.file);
      }
    })()
      .catch(() => {
        // Disk trouble: the next advance writes the state again.
        this.dirty = true;
      })
      .finally(() => {
        this.writing = undefined;
      });
  }

  private pause(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.endPause = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.endPause = done;
    });
  }
}
