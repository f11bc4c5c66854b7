/**
 * Port for secrets the product keeps for a company (an AI prompt's API key, its Azure voice key):
 * encrypted before they are stored, decrypted only where they are used. In AWS it is KMS (env
 * SECRETS_KMS_KEY_ID); locally AES-256-GCM under a key file made once in the runtime's data dir.
 * The company id is bound to every ciphertext (KMS encryption context / GCM additional data), so a
 * ciphertext copied to another company's record does not decrypt.
 */
export interface SecretBox {
  seal(companyId: number, plaintext: string): Promise<string>;
  open(companyId: number, sealed: string): Promise<string>;
}

let chosen: Promise<SecretBox> | undefined;

/** The secret box of this home: KMS when a key is configured, else the local key file. */
export function secretBox(): Promise<SecretBox> {
  chosen ??= process.env.SECRETS_KMS_KEY_ID
    ? import('#aws/kms-secret-box').then((module) => module.kmsSecretBox(process.env.SECRETS_KMS_KEY_ID!))
    : import('./local-secret-box.ts').then((module) => module.localSecretBox());
  return chosen;
}

/** Prefixes of the secret box's ciphertexts (local-secret-box.ts, aws/kms-secret-box.ts). */
const sealedPrefixes = ['local:v', 'kms:v'];

/** Whether a stored value is a secret box's ciphertext (not a secret stored in clear before sealing). */
export function isSealedSecret(stored: string): boolean {
  return sealedPrefixes.some((prefix) => stored.startsWith(prefix));
}

/**
 * A stored secret in the clear, for the one use that needs it: opened when sealed; a value
 * written before its kind of secret was sealed is taken as it is, so it keeps working.
 */
export async function openStoredSecret(companyId: number, stored: string): Promise<string> {
  return isSealedSecret(stored) ? (await secretBox()).open(companyId, stored) : stored;
}
