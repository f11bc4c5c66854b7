import { connectionTokenHash } from '#domain/connection-token';
import { defineEntity, fixedNumber, key } from './electro.ts';

/**
 * A connection token's claim, platform-wide: keyed by the token's SHA-256 (the token is never
 * a key, in the table or an index), written in the same transaction as the connection that
 * holds the token, and only where no claim exists, so no two connections ever share a token.
 * It names the connection, so a caller's token finds it with one consistent read.
 */
export const connectionTokenEntity = defineEntity(
  'connectionToken',
  {
    tokenHash: { type: 'string', required: true, readOnly: true },
    companyId: fixedNumber,
    whatsappId: fixedNumber,
  },
  {
    byHash: { pk: key('pk', ['tokenHash'], 'WTOKEN#${tokenHash}'), sk: key('sk', [], 'CLAIM') },
  },
);

/** The claim's key for a token, as the entity composes it (the one place `WTOKEN#…` is built). */
export function connectionTokenClaimKey(token: string): { pk: string; sk: string } {
  const { Key } = connectionTokenEntity.delete({ tokenHash: connectionTokenHash(token) }).params() as {
    Key: { pk: string; sk: string };
  };
  return Key;
}
