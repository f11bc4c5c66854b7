import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHome, mailPort, queuePort, secretBox } from '#homes/adapters';
import { awsHome } from '#homes/aws';
import { installLocalBindings, localBindings, localHome, type LocalBindings } from '#homes/local';

const slot = Symbol.for('atende.localBindings');
const saved = { bindings: localBindings(), dataDir: process.env.DATA_DIR, kms: process.env.SECRETS_KMS_KEY_ID };

afterEach(() => {
  (globalThis as Record<symbol, unknown>)[slot] = saved.bindings;
  for (const [name, value] of [['DATA_DIR', saved.dataDir], ['SECRETS_KMS_KEY_ID', saved.kms]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('homes', () => {
  it('hands the code the local runtime’s adapters when it installed them, else the AWS ones', async () => {
    delete (globalThis as Record<symbol, unknown>)[slot];
    expect(currentHome()).toBe(awsHome);

    const sent: string[] = [];
    const bindings: LocalBindings = {
      queue: { send: async (queueName) => void sent.push(queueName) },
      scheduler: { schedule: async () => undefined, cancel: async () => undefined },
      mail: { send: async ({ to }) => void sent.push(to) },
    };
    installLocalBindings(bindings);
    expect(currentHome()).toBe(localHome);
    await (await queuePort()).send('timers', { body: '{}' });
    await (await mailPort()).send({ to: 'ana@example.com', subject: 's', text: 't' });
    expect(sent).toEqual(['timers', 'ana@example.com']);
    await expect(localHome.apiUsage()).rejects.toThrow(/no usage-plan adapter/);
  });

  it('seals with the key file unless a KMS key is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-homes-'));
    try {
      delete process.env.SECRETS_KMS_KEY_ID;
      process.env.DATA_DIR = dataDir;
      const box = await secretBox();
      const sealed = await box.seal(7, 'sk-secret');
      expect(sealed.startsWith('local:v1:')).toBe(true);
      expect(await box.open(7, sealed)).toBe('sk-secret');
      // With a key configured the AWS home's box is asked for (KMS); the local one is not reused.
      process.env.SECRETS_KMS_KEY_ID = 'arn:aws:kms:us-east-1:000000000000:key/test';
      expect(await secretBox()).not.toBe(box);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
