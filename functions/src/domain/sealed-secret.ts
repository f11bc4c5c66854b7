/** Prefixes of the secret box's ciphertexts (homes/local-secret-box.ts, aws/kms-secret-box.ts). */
const sealedPrefixes = ['local:v', 'kms:v'];

/** Whether a stored value is a secret box's ciphertext (not a secret stored in clear before sealing). */
export function isSealedSecret(stored: string): boolean {
  return sealedPrefixes.some((prefix) => stored.startsWith(prefix));
}
