import { createHash, randomBytes } from 'node:crypto';

/**
 * The refresh token names its session and carries a random secret; only the secret's hash is
 * stored, so a leaked table does not leak sessions.
 */
export interface RefreshToken {
  companyId: number;
  userId: number;
  sessionId: string;
  secret: string;
}

export const refreshCookieName = 'jrt';
export const refreshLifetimeSeconds = 7 * 24 * 60 * 60;
/** However often it refreshes, a session ends this long after the sign-in. */
export const sessionMaxLifetimeSeconds = 30 * 24 * 60 * 60;
/** A refresh token just replaced by a concurrent refresh (another tab) stays usable this long. */
export const refreshGraceSeconds = 60;

export function newRefreshToken(companyId: number, userId: number, sessionId: string): RefreshToken {
  return { companyId, userId, sessionId, secret: randomBytes(32).toString('base64url') };
}

export function encodeRefreshToken(token: RefreshToken): string {
  return [token.companyId, token.userId, token.sessionId, token.secret].join('.');
}

export function decodeRefreshToken(value: string | undefined): RefreshToken | undefined {
  if (!value) return undefined;
  const [companyId, userId, sessionId, secret, extra] = value.split('.');
  if (extra !== undefined || !companyId || !userId || !sessionId || !secret) return undefined;
  if (!/^\d+$/.test(companyId) || !/^\d+$/.test(userId)) return undefined;
  return { companyId: Number(companyId), userId: Number(userId), sessionId, secret };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Which stored hash, if any, the presented secret matches. The previous secret after its grace
 * is `reused`: a rotated token has come back, so a copy is in someone else's hands (or the
 * owner's, with the thief holding the current one), and the session must end.
 */
export function matchRefresh(
  session: { refreshHash: string; previousHash?: string; rotatedAt: number; sessionId: string },
  token: RefreshToken,
  nowSeconds: number,
): 'current' | 'previous' | 'reused' | 'none' {
  if (session.sessionId !== token.sessionId) return 'none';
  const presented = hashSecret(token.secret);
  if (presented === session.refreshHash) return 'current';
  if (presented === session.previousHash) return nowSeconds - session.rotatedAt <= refreshGraceSeconds ? 'previous' : 'reused';
  return 'none';
}

/**
 * When a session's refresh token expires: a week after the last refresh, but never later than
 * the session's maximum lifetime from the sign-in (sessions older than `startedAt` count from
 * now, their first refresh since).
 */
export function refreshExpiry(startedAt: number | undefined, nowSeconds: number): { startedAt: number; expiresAt: number } {
  const start = startedAt ?? nowSeconds;
  return { startedAt: start, expiresAt: Math.min(nowSeconds + refreshLifetimeSeconds, start + sessionMaxLifetimeSeconds) };
}
