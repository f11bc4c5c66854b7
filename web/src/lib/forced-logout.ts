import { forcedLogoutClearDelayMs } from '@atende/shared/constants';

/**
 * Why the server ended this session: `elsewhere` when the same user signed in on another
 * computer (core §4 Session, `{ action: 'update', user: { id } }`), `ended` when the session was
 * ended on the server (logout in another tab, a password or profile change, the user deleted:
 * `{ action: 'delete', user: { id } }`, docs/live-events.md).
 */
export type ForcedLogoutReason = 'elsewhere' | 'ended';

export function forcedLogoutReason(data: unknown, userId: number | string | undefined): ForcedLogoutReason | undefined {
  if (userId === undefined || !data || typeof data !== 'object') return undefined;
  const { action, user } = data as { action?: unknown; user?: { id?: unknown } | null };
  if ((action !== 'update' && action !== 'delete') || !user || typeof user !== 'object') return undefined;
  if (user.id === undefined || user.id === null || String(user.id) !== String(userId)) return undefined;
  return action === 'update' ? 'elsewhere' : 'ended';
}

/** The core §4 case: the same user signed in elsewhere. */
export function isForcedLogoutEvent(data: unknown, userId: number | string | undefined): boolean {
  return forcedLogoutReason(data, userId) === 'elsewhere';
}

export interface ForcedLogoutDeps {
  /** Shows why: "accessed on another computer", or "the session ended". */
  warn(reason: ForcedLogoutReason): void;
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
    const reason = forcedLogoutReason(data, userId);
    if (triggered || !reason) return false;
    triggered = true;
    deps.warn(reason);
    deps.setTimeout(() => {
      deps.clearStorage();
      deps.endSession();
    }, forcedLogoutClearDelayMs);
    return true;
  };
}
