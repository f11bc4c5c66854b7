import { getSession } from '#data/sessions';
import { AppError } from '#domain/app-error';
import type { Principal } from './principal.ts';

/**
 * How long this container trusts the session it last read for a user. An ended session (logout,
 * password change or reset, demotion, user deleted, sign-in elsewhere) is refused within this
 * delay; the issue asks for at most 30 s. A session read costs one GetItem per user and
 * container per this period, so a page of tickets stays at its two table calls.
 */
export const sessionTrustMs = 20_000;

/** Entries are dropped on overflow rather than tracked per age: a re-read is cheap. */
const maxEntries = 10_000;

const trusted = new Map<string, { loadedAt: number; sessionId: Promise<string | undefined> }>();

function load(key: string, principal: Principal, now: number): Promise<string | undefined> {
  if (trusted.size >= maxEntries) trusted.clear();
  const sessionId = getSession(principal.companyId, principal.userId).then((session) => session?.sessionId);
  trusted.set(key, { loadedAt: now, sessionId });
  sessionId.catch(() => trusted.delete(key));
  return sessionId;
}

/**
 * The access token's session must still be the user's stored session. A token naming another
 * session than the cached one is checked again at once, so a fresh sign-in is never refused
 * because of a stale cache; only a token of an ended session can pass, for at most `sessionTrustMs`.
 * Refused with 403 ERR_SESSION_EXPIRED like an expired token: the client refreshes once, and the
 * refresh answers 401 when the session is really over.
 */
export async function assertSessionCurrent(principal: Principal, now = Date.now()): Promise<void> {
  const key = `${principal.companyId}#${principal.userId}`;
  const cached = trusted.get(key);
  if (
    cached &&
    now - cached.loadedAt < sessionTrustMs &&
    (await cached.sessionId.catch(() => undefined)) === principal.sessionId
  )
    return;
  if ((await load(key, principal, now)) !== principal.sessionId)
    throw new AppError('ERR_SESSION_EXPIRED', undefined, 403);
}

/** Forget what this container knows of a user's session (after ending it here, and for tests). */
export function forgetSession(companyId: number, userId: number): void {
  trusted.delete(`${companyId}#${userId}`);
}
