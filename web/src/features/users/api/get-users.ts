import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { UsersPage } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';

export function getUsers(params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) {
  return api.get<UsersPage>('/users/', params, signal);
}

/** The users list, page by page while hasMore holds (core §9 infinite scroll). */
export function usersInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: usersQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getUsers({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useUsers(searchParam: string) {
  return useInfiniteQuery(usersInfiniteQueryOptions(searchParam));
}
