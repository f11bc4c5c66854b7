import { recordSaver } from '../../../lib/record-api.ts';
import { authQueryKeys } from '../../auth/api/auth-query-keys.ts';
import type { User, UserPayload } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';

const userSaver = recordSaver<UserPayload, User>('/users', usersQueryKeys.all, async (queryClient, _user, { id }) => {
  const me = queryClient.getQueryData<{ id: number }>(authQueryKeys.me);
  if (id !== undefined && me?.id === id) await queryClient.invalidateQueries({ queryKey: authQueryKeys.me });
});

export const createUser = userSaver.create;
export const updateUser = userSaver.update;
/** POST /users or PUT /users/{id}; the lists, and the session when one edits oneself, reload. */
export const useSaveUser = userSaver.useSave;
