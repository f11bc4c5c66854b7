import { useMemo } from 'react';
import { t } from '../../i18n/index.ts';
import { createForcedLogoutHandler } from '../../lib/forced-logout.ts';
import { notifySessionEnded } from '../../lib/session-events.ts';
import { sessionStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';

function clearLocalStorage(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // Storage disabled by the browser: there is nothing kept to clear.
  }
}

/**
 * core §4 Session: when the same user signs in elsewhere, the server sends this session the live
 * `auth` event. It shows "the account was accessed on another computer" and, one second later,
 * clears the local storage and signs out (the guards then show /login). The server also sends
 * `auth` with `delete` when it ended the session itself (docs/live-events.md): the same sign-out.
 */
export function ForcedLogoutWatcher({ userId }: { userId: number }) {
  const handler = useMemo(
    () =>
      createForcedLogoutHandler(userId, {
        warn: (reason) => toast.error(t(reason === 'elsewhere' ? 'layout.accessedElsewhere' : 'layout.sessionEnded')),
        clearStorage: clearLocalStorage,
        endSession: () => {
          sessionStore.clearSession();
          notifySessionEnded();
        },
        setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      }),
    [userId],
  );
  useLiveEvent('auth', handler);
  return null;
}
