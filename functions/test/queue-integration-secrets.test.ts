import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueIntegrationRecord } from '#data/queue-integrations';
import { maskServiceAccount, planIntegrationWrite } from '#domain/queue-integration-rules';
import {
  integrationMasks,
  openIntegrationSecret,
  sealIntegrationWrite,
} from '../src/modules/queue-integrations/secrets.ts';

let dataDir: string;
let previous: string | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-qi-secrets-'));
  previous = process.env.DATA_DIR;
  process.env.DATA_DIR = dataDir;
});
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  rmSync(dataDir, { recursive: true, force: true });
});

const keyFile = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'proj',
    client_email: 'bot@proj.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nSECRETLINE\n-----END PRIVATE KEY-----\n',
  },
  null,
  2,
);

describe('queue integration secrets', () => {
  it('seals the key file and the signing key, keeps masks beside them, and opens them for the same company only', async () => {
    const write = planIntegrationWrite(
      { type: 'n8n', name: 'Flujo', jsonContent: keyFile } as never,
      undefined,
      () => 'qisec_abcdefghijklmnop',
    );
    const sealed = await sealIntegrationWrite(4, write);
    expect(JSON.stringify(sealed.set)).not.toContain('SECRETLINE');
    expect(JSON.stringify(sealed.set)).not.toContain('qisec_abcdefghijklmnop');
    expect(sealed.set.webhookSecretMask).toBe('••••mnop');
    expect(JSON.parse(sealed.set.jsonContentMask!)).toEqual({
      type: 'service_account',
      project_id: 'proj',
      client_email: 'bot@proj.iam.gserviceaccount.com',
      private_key: '••••',
    });
    expect(await openIntegrationSecret(4, sealed.set.webhookSecret)).toBe('qisec_abcdefghijklmnop');
    expect(JSON.parse((await openIntegrationSecret(4, sealed.set.jsonContent))!)).toEqual(
      JSON.parse(keyFile),
    );
    await expect(openIntegrationSecret(5, sealed.set.webhookSecret)).rejects.toThrow();
    const masks = integrationMasks(sealed.set as QueueIntegrationRecord);
    expect(masks.webhookSecret).toBe('••••mnop');
    expect(masks.jsonContent).not.toContain('SECRETLINE');
  });

  it('keeps the stored key file when the masked form comes back, and clears the masks with their secrets', async () => {
    const kept = planIntegrationWrite({ jsonContent: maskServiceAccount(keyFile) } as never, {
      type: 'dialogflow',
      name: 'Agente',
    });
    expect(kept.set).not.toHaveProperty('jsonContent');
    const cleared = await sealIntegrationWrite(
      4,
      planIntegrationWrite({ type: 'dialogflow', jsonContent: '' } as never, {
        type: 'n8n',
        name: 'Flujo',
        webhookSecret: 'sealed',
      }),
    );
    expect(cleared.clear).toEqual(
      expect.arrayContaining(['jsonContent', 'jsonContentMask', 'webhookSecret', 'webhookSecretMask']),
    );
  });

  it('reads a value stored before sealing as it is, and never shows it', async () => {
    expect(await openIntegrationSecret(4, 'qisec_legacyvalue')).toBe('qisec_legacyvalue');
    expect(await openIntegrationSecret(4, undefined)).toBeUndefined();
    const masks = integrationMasks({
      jsonContent: keyFile,
      webhookSecret: 'qisec_legacyvalue',
    } as QueueIntegrationRecord);
    expect(masks.webhookSecret).toBe('••••alue');
    expect(masks.jsonContent).not.toContain('SECRETLINE');
    expect(maskServiceAccount('not json')).toBe('••••');
  });
});
