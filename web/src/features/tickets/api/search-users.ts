import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSuggestion } from '@atende/shared/entities/user';
import { api } from '../../../lib/api-client.ts';

export interface UserSearchPage {
  users: UserSuggestion[];
  /** More users matched than the page holds: the dialog asks for more letters. */
  hasMore: boolean;
}

/** Suggestions the transfer dialog shows at once. */
export const transferSuggestions = 8;

/** GET /users/search: the company's users whose name's words start with what was typed. */
export async function searchUsers(searchParam: string, signal?: AbortSignal): Promise<UserSearchPage> {
  const answer = await api.get<UserSearchPage>(
    '/users/search',
    { searchParam, limit: transferSuggestions },
    signal,
  );
  return { users: Array.isArray(answer?.users) ? answer.users : [], hasMore: answer?.hasMore === true };
}

export function useUserSearch(searchParam: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['users', 'search', searchParam] as const,
      queryFn: ({ signal }) => searchUsers(searchParam, signal),
      meta: { silent: true },
    }),
    enabled,
    // The last suggestions stay while the next letters' arrive, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
}
