import { isSealedSecret } from '#domain/sealed-secret';
import { secretBox } from '#homes/adapters';

/**
 * A stored secret in the clear, for the one use that needs it: opened when sealed; a value
 * written before its kind of secret was sealed is taken as it is, so it keeps working.
 */
export async function openStoredSecret(companyId: number, stored: string): Promise<string> {
  return isSealedSecret(stored) ? (await secretBox()).open(companyId, stored) : stored;
}
