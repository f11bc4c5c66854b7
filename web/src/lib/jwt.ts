/** Reads a JWT payload without verifying it: the server verifies, the client only needs `exp`. */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const decoded: unknown = JSON.parse(json);
    return decoded && typeof decoded === 'object' ? (decoded as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** When the token expires, in epoch milliseconds; undefined when it carries no readable `exp`. */
export function tokenExpiresAt(token: string): number | undefined {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** A token without a readable `exp` is not called expired: the server is the judge of it. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt <= nowMs;
}
