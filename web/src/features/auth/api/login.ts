import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { localeOfUser, setLocale } from '../../../i18n/index.ts';
import type { LoginAnswer, LoginCredentials } from '../types.ts';
import { authQueryKeys } from './auth-query-keys.ts';
import { storeSession } from './session.ts';

/** Signs in; the user's language (else the browser's) is loaded before the answer is handed on. */
export async function login(credentials: LoginCredentials): Promise<LoginAnswer> {
  const answer = await api.post<LoginAnswer>('/auth/login', credentials);
  await setLocale(localeOfUser(answer.user)).catch(() => undefined);
  return answer;
}

/** Signs in: on success the session is stored and the current user is in the cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      queryClient.setQueryData(authQueryKeys.me, answer.user);
      storeSession(answer);
    },
  });
}
