import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginAnswer, LoginCredentials } from '../types.ts';
import { authQueryKeys } from './auth-query-keys.ts';
import { storeSession } from './session.ts';

export function login(credentials: LoginCredentials): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/login', credentials);
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
