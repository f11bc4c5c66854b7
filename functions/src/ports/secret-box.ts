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
