import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

export interface UserRef {
  id: number;
  name: string;
}

/** GET /users/list: every user of the company (chats, the admins' ticket search); a 404 reads as none. */
export async function getUsersList(signal?: AbortSignal): Promise<UserRef[]> {
  try {
    const list = await api.get<UserRef[]>('/users/list', undefined, signal);
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useUsersList(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: ['users', 'simple-list'] as const, queryFn: ({ signal }) => getUsersList(signal) }),
    enabled,
  });
}
