import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretBox } from '#ports/secret-box';

const prefix = 'local:v1:';

/** The 32-byte key in <DATA_DIR>/secret-box-key, made on first use (mode 600). */
async function loadKey(): Promise<Buffer> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir)
    throw new Error('Neither SECRETS_KMS_KEY_ID nor DATA_DIR is set: no key to seal secrets with');
  const file = join(dataDir, 'secret-box-key');
  try {
    const saved = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(saved)) return Buffer.from(saved, 'hex');
  } catch {
    // First use.
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': of two bundles making it at once, one writes and the other reads the winner's key.
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}

/** AES-256-GCM with the company id as additional data: `local:v1:<iv>.<tag>.<ciphertext>` (base64url). */
export function localSecretBox(): SecretBox {
  let key: Promise<Buffer> | undefined;
  const keyOnce = () => (key ??= loadKey());
  return {
    async seal(companyId, plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOnce(), iv);
      cipher.setAAD(Buffer.from(`company:${companyId}`));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${prefix}${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.')}`;
    },
    async open(companyId, sealed) {
      if (!sealed.startsWith(prefix)) throw new Error('not a locally sealed secret');
      const [iv, tag, data] = sealed
        .slice(prefix.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', await keyOnce(), iv!);
      decipher.setAAD(Buffer.from(`company:${companyId}`));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
}
