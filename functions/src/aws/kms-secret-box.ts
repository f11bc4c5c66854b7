import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { sdkLogger } from '@atende/shared/sdk-logger';
import type { SecretBox } from '#ports/secret-box';

const prefix = 'kms:v1:';

/**
 * Secrets sealed with the product's KMS key (infra/lib: the key and its grants). A prompt's key
 * is a few dozen bytes, well under KMS's 4 KB plaintext limit, so no data key is needed. The
 * company id is the encryption context: KMS refuses to open a ciphertext for another company.
 */
export function kmsSecretBox(keyId: string): SecretBox {
  const client = new KMSClient({ logger: sdkLogger });
  const context = (companyId: number) => ({ companyId: String(companyId) });
  return {
    async seal(companyId, plaintext) {
      const answer = await client.send(
        new EncryptCommand({
          KeyId: keyId,
          Plaintext: new TextEncoder().encode(plaintext),
          EncryptionContext: context(companyId),
        }),
      );
      return `${prefix}${Buffer.from(answer.CiphertextBlob!).toString('base64')}`;
    },
    async open(companyId, sealed) {
      if (!sealed.startsWith(prefix)) throw new Error('not a KMS-sealed secret');
      const answer = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(sealed.slice(prefix.length), 'base64'),
          EncryptionContext: context(companyId),
        }),
      );
      return new TextDecoder().decode(answer.Plaintext);
    },
  };
}
