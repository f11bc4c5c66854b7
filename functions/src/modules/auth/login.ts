import { createHash, randomUUID } from 'node:crypto';
import { signAccessToken } from '#auth/access-token';
import type { Principal } from '#auth/principal';
import { verifyAgainstDecoy, verifyPassword } from '#auth/password';
import { clearRateCounter, rateCount, returnRateSlot } from '#data/guards';
import { startSession } from '#data/sessions';
import { getUserByEmail, type UserRecord } from '#data/users';
import { AppError } from '#domain/app-error';
import { loginDecision, loginLimits } from '#domain/login-throttle';
import { encodeRefreshToken, hashSecret, newRefreshToken, refreshLifetimeSeconds } from '#domain/refresh-token';
import { logAttempt, spendAttempt } from './attempts.ts';

export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Checks the credentials under the throttle (domain/login-throttle.ts), then starts the user's
 * one session, replacing any other (whose sockets the stream then tells to log out).
 */
export async function logIn(
  email: string,
  password: string,
  address = 'unknown',
): Promise<{ user: UserRecord; token: string; refreshToken: string }> {
  const key = emailKey(email);
  const pair = `${key}#${address}`;
  const decision = loginDecision(await rateCount(loginLimits.perEmailAndAddress, pair));
  if (decision.refuse) {
    logAttempt('login', 'throttled', { emailKey: key, address });
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  }
  if (decision.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
  try {
    await spendAttempt(
      [loginLimits.perEmailAndAddress, pair],
      [loginLimits.perAddress, address],
      [loginLimits.perEmail, key],
    );
  } catch (error) {
    logAttempt('login', 'throttled', { emailKey: key, address });
    throw error;
  }

  const user = await getUserByEmail(email.trim().toLowerCase());
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
  if (!user || !valid) {
    logAttempt('login', 'failed', { emailKey: key, address });
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  // A success is not a failure to count: its slots go back, and the pair starts afresh.
  await Promise.all([
    clearRateCounter(loginLimits.perEmailAndAddress, pair),
    returnRateSlot(loginLimits.perAddress, address),
    returnRateSlot(loginLimits.perEmail, key),
  ]);
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
    startedAt: now,
    expiresAt: now + refreshLifetimeSeconds,
  });
  return { user, token: await signAccessToken(principalOf(user, sessionId)), refreshToken: encodeRefreshToken(refresh) };
}

export function principalOf(user: UserRecord, sessionId: string): Principal {
  return { userId: user.id, companyId: user.companyId, profile: user.profile, isSuper: user.isSuper ?? false, sessionId };
}
