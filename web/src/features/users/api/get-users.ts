import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { UsersPage } from './types.ts';
import { usersQueryKeys } from './users-query-keys.ts';
import { searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

export function getUsers(params: SearchParams, signal?: AbortSignal) {
  return api.get<UsersPage>('/users/', params, signal);
}

/** The users list, page by page while hasMore holds (core §9 infinite scroll). */
export function usersInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(usersQueryKeys.list(searchParam), getUsers, searchParam);
}

export function useUsers(searchParam: string) {
  return useInfiniteQuery(usersInfiniteQueryOptions(searchParam));
}
