import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { User } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';

export function getUser(id: number, signal?: AbortSignal) {
  return api.get<User>(`/users/${id}`, undefined, signal);
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: usersQueryKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined });
}
