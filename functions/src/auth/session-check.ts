import { getItems, itemRef } from '#data/batch-get';
import { sessionEntity } from '#data/session-entity';
import { getSession } from '#data/sessions';
import { userEntity } from '#data/user-entity';
import { getUser } from '#data/users';
import { AppError } from '#domain/app-error';
import { isAdmin, type Principal } from './principal.ts';

/** What an agent's ticket lists depend on (their queues, and whether they see queueless tickets). */
export interface ListScope {
  queueIds: number[];
  allTicket: 'enabled' | 'desabled';
}

interface Trusted {
  sessionId: string | undefined;
  /** Agents only: read with the session, so their lists need no read of their user. */
  scope?: ListScope;
}

/**
 * How long this container trusts the session it last read for a user. An ended session (logout,
 * password change or reset, demotion, user deleted, sign-in elsewhere) is refused within this
 * delay; the issue asks for at most 30 s. A session read costs one GetItem (an agent's: one
 * BatchGet of the session and the user) per user and container per this period.
 */
export const sessionTrustMs = 20_000;

/** Entries are dropped on overflow rather than tracked per age: a re-read is cheap. */
const maxEntries = 10_000;

const trusted = new Map<string, { loadedAt: number; state: Promise<Trusted> }>();

/** An agent's session and user in one BatchGet (admins see every list: their session alone). */
async function read(principal: Principal): Promise<Trusted> {
  const { companyId, userId } = principal;
  if (isAdmin(principal)) return { sessionId: (await getSession(companyId, userId))?.sessionId };
  const [session, user] = await getItems([
    itemRef(sessionEntity, { companyId, userId }),
    itemRef(userEntity, { companyId, id: userId }),
  ] as const);
  const current = session && session.expiresAt > Math.floor(Date.now() / 1000) ? session : undefined;
  return {
    sessionId: current?.sessionId,
    ...(user ? { scope: { queueIds: user.queueIds ?? [], allTicket: user.allTicket ?? 'desabled' } } : {}),
  };
}

function load(key: string, principal: Principal, now: number): Promise<Trusted> {
  if (trusted.size >= maxEntries) trusted.clear();
  const state = read(principal);
  trusted.set(key, { loadedAt: now, state });
  state.catch(() => trusted.delete(key));
  return state;
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
    (await cached.state.catch(() => undefined))?.sessionId === principal.sessionId
  )
    return;
  if ((await load(key, principal, now)).sessionId !== principal.sessionId)
    throw new AppError('ERR_SESSION_EXPIRED', undefined, 403);
}

/**
 * An agent's queues and allTicket as read with their session (assertSessionCurrent, which every
 * request runs first): no read of its own while the session is trusted, so a change of an agent's
 * queues shows in their lists within `sessionTrustMs` (at once in the container that made it:
 * modules/users forgets the user's session there). Read from the user when not at hand.
 */
export async function listScopeOf(principal: Principal, now = Date.now()): Promise<ListScope> {
  const cached = trusted.get(`${principal.companyId}#${principal.userId}`);
  if (cached && now - cached.loadedAt < sessionTrustMs) {
    const scope = (await cached.state.catch(() => undefined))?.scope;
    if (scope) return scope;
  }
  const user = await getUser(principal.companyId, principal.userId);
  return { queueIds: user?.queueIds ?? [], allTicket: user?.allTicket ?? 'desabled' };
}

/** Forget what this container knows of a user's session (after ending it here, and for tests). */
export function forgetSession(companyId: number, userId: number): void {
  trusted.delete(`${companyId}#${userId}`);
}
