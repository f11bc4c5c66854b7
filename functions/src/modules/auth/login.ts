import { createHash, randomUUID } from 'node:crypto';
import { signAccessToken } from '#auth/access-token';
import type { Principal } from '#auth/principal';
import { verifyAgainstDecoy, verifyPassword } from '#auth/password';
import { clearLoginFailures, loginFailureCount, recordLoginFailure } from '#data/guards';
import { startSession } from '#data/sessions';
import { getUserByEmail, type UserRecord } from '#data/users';
import { AppError } from '#domain/app-error';
import { loginDecision, loginThrottle } from '#domain/login-throttle';
import { encodeRefreshToken, hashSecret, newRefreshToken, refreshLifetimeSeconds } from '#domain/refresh-token';

export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Checks the credentials under the throttle, then starts the user's one session, replacing any
 * other (whose sockets the stream then tells to log out).
 */
export async function logIn(email: string, password: string): Promise<{ user: UserRecord; token: string; refreshToken: string }> {
  const key = emailKey(email);
  const decision = loginDecision(await loginFailureCount(key));
  if (decision.refuse) throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  if (decision.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.delayMs));

  const user = await getUserByEmail(email.trim().toLowerCase());
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
  if (!user || !valid) {
    await recordLoginFailure(key, loginThrottle.windowSeconds);
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  await clearLoginFailures(key);
  return startNewSession(user);
}

export async function startNewSession(user: UserRecord): Promise<{ user: UserRecord; token: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refresh = newRefreshToken(user.companyId, user.id, sessionId);
  const now = Math.floor(Date.now() / 1000);
  await startSession({
    companyId: user.companyId,
    userId: user.id,
    sessionId,
    refreshHash: hashSecret(refresh.secret),
    rotatedAt: now,
    expiresAt: now + refreshLifetimeSeconds,
  });
  return { user, token: await signAccessToken(principalOf(user, sessionId)), refreshToken: encodeRefreshToken(refresh) };
}

export function principalOf(user: UserRecord, sessionId: string): Principal {
  return { userId: user.id, companyId: user.companyId, profile: user.profile, isSuper: user.isSuper ?? false, sessionId };
}
