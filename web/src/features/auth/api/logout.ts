import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/storage.ts';

export function logout(): Promise<void> {
  return api.delete<void>('/auth/logout');
}

/**
 * Signs out on the server, then forgets the session locally even if the server call failed:
 * the user asked to leave, so this browser must not stay signed in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStore.clearSession();
      queryClient.clear();
    },
  });
}
