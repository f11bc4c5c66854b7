import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../features/auth/index.ts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthValue {
  status: AuthStatus;
  /** Present when signed in. */
  user: SessionUser | undefined;
  /** `DELETE /auth/logout`, then the stored session is cleared (also when the call fails). */
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthValue | undefined>(undefined);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
