/** The stream position on disk (stream-checkpoints.ts): paced writes, nothing lost at a flush. */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as fsPromises from 'node:fs/promises';
import { minWriteIntervalMs, StreamCheckpoints } from '../src/stream-checkpoints.ts';
import { ramTempDir } from '../test-support/ram-dir.ts';

vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof fsPromises>();
  return { ...actual, writeFile: vi.fn(actual.writeFile) };
});

const directory = ramTempDir('checkpoints');
afterEach(async () => {
  vi.mocked(fsPromises.writeFile).mockClear();
});

const saved = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as { shards: Record<string, string> };

describe('stream checkpoints', () => {
  it('writes advances a few milliseconds apart a few times, not once each, and a flush leaves the newest on disk', async () => {
    const file = join(directory, 'burst.json');
    const checkpoints = await StreamCheckpoints.load(file, 'arn:stream');
    const startedMs = Date.now();
    for (let sequence = 1; sequence <= 60; sequence += 1) {
      checkpoints.advance('shard-1', String(sequence));
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await checkpoints.flush();
    const elapsedMs = Date.now() - startedMs;
    expect((await saved(file)).shards['shard-1']).toBe('60');
    // One write at the first advance, then at most one per interval, and the flush's.
    const writes = vi.mocked(fsPromises.writeFile).mock.calls.length;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(Math.ceil(elapsedMs / minWriteIntervalMs) + 2);
    expect(writes).toBeLessThan(60);
  });

  it('a flush does not wait out the pause before the newest state', async () => {
    const file = join(directory, 'flush.json');
    const checkpoints = await StreamCheckpoints.load(file, 'arn:stream');
    checkpoints.advance('shard-1', '1');
    checkpoints.advance('shard-1', '2');
    await new Promise((resolve) => setTimeout(resolve, 5));
    checkpoints.advance('shard-1', '3');
    await checkpoints.flush();
    expect((await saved(file)).shards['shard-1']).toBe('3');
    const again = await StreamCheckpoints.load(file, 'arn:stream');
    expect(again.sequenceNumber('shard-1')).toBe('3');
  });

  it('writes the newest state after the pause without a flush', async () => {
    const file = join(directory, 'later.json');
    const checkpoints = await StreamCheckpoints.load(file, 'arn:stream');
    checkpoints.advance('shard-1', '1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    checkpoints.advance('shard-1', '2');
    await expect.poll(async () => (await saved(file).catch(() => ({ shards: {} as Record<string, string> }))).shards['shard-1'], { timeout: 5_000 }).toBe('2');
  });
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});
