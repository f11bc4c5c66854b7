import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authQueryKeys } from '../../auth/api/auth-query-keys.ts';
import type { User, UserPayload } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';

export function createUser(payload: UserPayload) {
  return api.post<User>('/users', payload);
}

export function updateUser(id: number, payload: UserPayload) {
  return api.put<User>(`/users/${id}`, payload);
}

/** POST /users or PUT /users/{id}; the lists, and the session when one edits oneself, reload. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: UserPayload }) =>
      id === undefined ? createUser(payload) : updateUser(id, payload),
    onSuccess: async (_user, { id }) => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKeys.all });
      const me = queryClient.getQueryData<{ id: number }>(authQueryKeys.me);
      if (id !== undefined && me?.id === id) await queryClient.invalidateQueries({ queryKey: authQueryKeys.me });
    },
  });
}
