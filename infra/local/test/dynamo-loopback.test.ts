import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as DynamoLauncher from '../src/dynamo-launcher.ts';
import { ramTempDir } from '../test-support/ram-dir.ts';

// A machine with a Java runtime but no javac: the loopback launcher cannot be built.
vi.mock('../src/dynamo-launcher.ts', async (original) => ({
  ...(await original<typeof DynamoLauncher>()),
  loopbackLauncherDir: async () => undefined,
}));

describe('DynamoDB Local without its loopback launcher', () => {
  it('is refused rather than started on every network interface, and nothing is written', async () => {
    const { startDynamoLocal, launcherMissingMessage } = await import('../src/dynamo.ts');
    const parent = ramTempDir('no-javac');
    const dataDir = join(parent, 'dynamodb');
    try {
      await expect(startDynamoLocal({ dbDir: dataDir, port: 1 })).rejects.toThrow(launcherMissingMessage);
      expect(launcherMissingMessage).toContain('openjdk-17-jdk-headless');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
