import { signAccessToken } from '#auth/access-token';
import { getSession, revokeSession, rotateSession } from '#data/sessions';
import { getUser, type UserRecord } from '#data/users';
import { AppError } from '#domain/app-error';
import {
  decodeRefreshToken,
  encodeRefreshToken,
  hashSecret,
  matchRefresh,
  newRefreshToken,
  refreshExpiry,
} from '#domain/refresh-token';
import { principalOf } from './login.ts';

/**
 * Trades a refresh cookie for a new access token and, normally, a rotated cookie. A cookie that
 * a concurrent refresh has just rotated still works for a minute (without rotating again), so
 * tabs do not log each other out; the same cookie later ends the whole session (reuse of a
 * rotated token), and so does reaching the session's maximum lifetime; anything else is 401.
 */
export async function refresh(cookie: string | undefined): Promise<{ user: UserRecord; token: string; refreshToken?: string }> {
  const presented = decodeRefreshToken(cookie);
  if (!presented) throw new AppError('ERR_SESSION_EXPIRED');
  const session = await getSession(presented.companyId, presented.userId);
  const now = Math.floor(Date.now() / 1000);
  const match = session ? matchRefresh(session, presented, now) : 'none';
  if (!session || match === 'none') throw new AppError('ERR_SESSION_EXPIRED');
  const expiry = refreshExpiry(session.startedAt, now);
  if (match === 'reused' || expiry.expiresAt <= now) {
    await revokeSession(session.companyId, session.userId, session.sessionId);
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  const user = await getUser(presented.companyId, presented.userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED');
  const token = await signAccessToken(principalOf(user, session.sessionId));
  if (match === 'previous') return { user, token };

  const next = newRefreshToken(user.companyId, user.id, session.sessionId);
  const rotated = await rotateSession(session, { refreshHash: hashSecret(next.secret), rotatedAt: now, ...expiry });
  // Lost the race to another tab: its cookie wins, ours stays valid for the grace period.
  return rotated ? { user, token, refreshToken: encodeRefreshToken(next) } : { user, token };
}
