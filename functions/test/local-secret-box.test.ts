import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSecretBox } from '#homes/local-secret-box';

let dataDir: string;
let previous: string | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-secret-box-'));
  previous = process.env.DATA_DIR;
  process.env.DATA_DIR = dataDir;
});
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local secret box', () => {
  it('seals so that only the same company opens, under a key file only the owner reads', async () => {
    const box = localSecretBox();
    const sealed = await box.seal(7, 'sk-secret-value-123');
    expect(sealed).toMatch(/^local:v1:/);
    expect(sealed).not.toContain('sk-secret-value-123');
    expect(await box.open(7, sealed)).toBe('sk-secret-value-123');
    await expect(box.open(8, sealed)).rejects.toThrow();
    // Two seals of one value differ (a fresh IV each time).
    expect(await box.seal(7, 'sk-secret-value-123')).not.toBe(sealed);
    const file = join(dataDir, 'secret-box-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // Another box (another bundle) reads the same key.
    expect(await localSecretBox().open(7, sealed)).toBe('sk-secret-value-123');
  });
});
