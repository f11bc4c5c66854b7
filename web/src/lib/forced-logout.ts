import { forcedLogoutClearDelayMs } from '@atende/shared/constants';

/**
 * core §4 Session: a login elsewhere with the same user sends this session the live `auth` event
 * `{ action: 'update', user: { id } }`. The session then says so, and one second later the local
 * storage is cleared and the visitor is signed out.
 */
export function isForcedLogoutEvent(data: unknown, userId: number | string | undefined): boolean {
  if (userId === undefined || !data || typeof data !== 'object') return false;
  const { action, user } = data as { action?: unknown; user?: { id?: unknown } | null };
  if (action !== 'update' || !user || typeof user !== 'object') return false;
  return user.id !== undefined && user.id !== null && String(user.id) === String(userId);
}

export interface ForcedLogoutDeps {
  /** Shows the "accessed on another computer" message. */
  warn(): void;
  /** Clears the whole local storage. */
  clearStorage(): void;
  /** Forgets the session in this tab, so the guards send the visitor to /login. */
  endSession(): void;
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * The handler of the `auth` event for the user signed in now. It acts once: further events (the
 * server may repeat itself) are ignored while the sign-out is on its way. It never calls the
 * logout route, which would end the new session that replaced this one.
 */
export function createForcedLogoutHandler(
  userId: number | string | undefined,
  deps: ForcedLogoutDeps,
): (data: unknown) => boolean {
  let triggered = false;
  return (data) => {
    if (triggered || !isForcedLogoutEvent(data, userId)) return false;
    triggered = true;
    deps.warn();
    deps.setTimeout(() => {
      deps.clearStorage();
      deps.endSession();
    }, forcedLogoutClearDelayMs);
    return true;
  };
}
