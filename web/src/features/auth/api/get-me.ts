import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { localeOfUser, setLocale } from '../../../i18n/index.ts';
import type { SessionUser } from '../types.ts';
import { rememberCompanySettings } from './session.ts';
import { authQueryKeys } from './auth-query-keys.ts';

export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const answer = await api.get<SessionUser | { user: SessionUser }>('/auth/me', undefined, signal);
  // The spec only says "current user"; accept it bare or wrapped like the login answer.
  const user = 'user' in answer ? answer.user : answer;
  // Before the user reaches the screens, which read the campaigns flag as they draw.
  rememberCompanySettings(user);
  // The user's language (else the browser's) is in place before the screens draw.
  await setLocale(localeOfUser(user)).catch(() => undefined);
  return user;
}

/** The current user, fetched only while a token is stored. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: authQueryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    enabled,
    staleTime: Infinity,
    retry: false,
    // A failure here ends in the login page (401) or a retry on the next visit; no toast.
    meta: { silent: true },
  });
}
