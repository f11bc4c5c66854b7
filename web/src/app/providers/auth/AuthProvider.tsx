import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout, useMe } from '../../../features/auth/index.ts';
import { api } from '../../../lib/api-client.ts';
import { onSessionEnded } from '../../../lib/session-events.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { AuthContext, type AuthStatus, type AuthValue } from './auth-context.ts';

/**
 * Who is signed in. The access token lives in memory, so on start a browser that was signed in
 * (its identity is stored) first trades the refresh cookie for a new token; a token means
 * "probably signed in" until `GET /auth/me` confirms it; without one, or when the server refuses
 * it, the visitor is signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [restoring, setRestoring] = useState(
    () => !sessionStore.getToken() && sessionStore.hasStoredIdentity(),
  );
  useEffect(() => {
    if (!restoring) return;
    let current = true;
    void api.restoreSession().finally(() => {
      if (current) setRestoring(false);
    });
    return () => {
      current = false;
    };
  }, [restoring]);
  const me = useMe(token !== null);
  const { mutateAsync: logoutOnServer } = useLogout();

  // A 401 already cleared the stored session; drop every cached answer of that session too.
  useEffect(() => onSessionEnded(() => queryClient.clear()), [queryClient]);

  const status: AuthStatus = restoring
    ? 'loading'
    : !token || me.isError
      ? 'signedOut'
      : me.data
        ? 'signedIn'
        : 'loading';
  const user = status === 'signedIn' ? me.data : undefined;

  const value = useMemo<AuthValue>(
    () => ({
      status,
      user,
      logout: async () => {
        await logoutOnServer().catch(() => undefined);
      },
    }),
    [status, user, logoutOnServer],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
