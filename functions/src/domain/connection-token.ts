import { createHash, randomBytes } from 'node:crypto';

/**
 * A connection's token for the external API and the sandbox's connection routes: always made by
 * the server, 192 random bits (32 base64url characters), never taken from a client, so a token can
 * be neither guessed nor chosen to collide with another company's.
 */
export function newConnectionToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The shortest token chosen by an admin before tokens were server-made that is still accepted:
 * 20 characters from the admin's keyboard is roughly what 128 random bits allow at best; anything
 * shorter may have been guessed (`1`, `empresa`), and its holder must generate a new token.
 */
export const minLegacyTokenLength = 20;

/** What the platform-wide claim of a token is keyed by: the token itself is never a key. */
export function connectionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * What a connection save does with the `token` it was sent: only an empty one asks for a new
 * token (the spec's modal sends the field); any other value is ignored, never stored.
 */
export function tokenAfterSave(sent: string | null | undefined): 'rotate' | 'keep' {
  return typeof sent === 'string' && sent.trim() === '' ? 'rotate' : 'keep';
}
