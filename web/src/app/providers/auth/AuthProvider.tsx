import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout, useMe } from '../../../features/auth/index.ts';
import { onSessionEnded } from '../../../lib/session-events.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { AuthContext, type AuthStatus, type AuthValue } from './auth-context.ts';

/**
 * Who is signed in. A stored token means "probably signed in" until `GET /auth/me` confirms it;
 * without a token, or when the server refuses it, the visitor is signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const me = useMe(token !== null);
  const { mutateAsync: logoutOnServer } = useLogout();

  // A 401 already cleared the stored session; drop every cached answer of that session too.
  useEffect(() => onSessionEnded(() => queryClient.clear()), [queryClient]);

  const status: AuthStatus = !token || me.isError ? 'signedOut' : me.data ? 'signedIn' : 'loading';
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
