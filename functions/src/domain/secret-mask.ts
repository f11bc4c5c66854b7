/**
 * How answers show a secret that was written (settings' provider tokens, integrations' signing
 * keys): `••••` and its last 4 characters, so an admin recognises it without it being read back.
 */
export function maskLastFour(secret: string | undefined | null): string | null {
  if (!secret) return null;
  return `••••${secret.slice(-4)}`;
}

/**
 * A value a dialog sent back unchanged, i.e. a masked form (every mask holds `••••`): the stored
 * secret is kept rather than replaced by the mask.
 */
export function isMaskedSecret(value: string): boolean {
  return value.includes('••••');
}
