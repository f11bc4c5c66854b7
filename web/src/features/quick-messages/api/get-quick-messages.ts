import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { quickMessagesQueryKeys } from './quick-messages-query-keys.ts';
import type { QuickMessage, QuickMessagesPage } from './types.ts';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /quick-messages; until the module exists the route answers 404, read as "none yet". */
export async function getQuickMessages(
  params: { searchParam: string; pageNumber: number; userId?: number },
  signal?: AbortSignal,
): Promise<QuickMessagesPage> {
  try {
    const page = await api.get<QuickMessagesPage>('/quick-messages', params, signal);
    return { ...page, records: Array.isArray(page?.records) ? page.records : [], hasMore: !!page?.hasMore };
  } catch (error) {
    if (notFound(error)) return { records: [], count: 0, hasMore: false };
    throw error;
  }
}

export function quickMessagesInfiniteQueryOptions(searchParam: string, userId: number | undefined) {
  return infiniteQueryOptions({
    queryKey: quickMessagesQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) =>
      getQuickMessages({ searchParam, pageNumber: pageParam, userId }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useQuickMessages(searchParam: string, userId: number | undefined) {
  return useInfiniteQuery(quickMessagesInfiniteQueryOptions(searchParam, userId));
}

/** GET /quick-messages/list (core §7: companyId, userId); 404 reads as none. */
export async function getQuickMessageOptions(
  params: { companyId?: number; userId?: number },
  signal?: AbortSignal,
): Promise<QuickMessage[]> {
  try {
    const list = await api.get<QuickMessage[] | { records?: QuickMessage[] }>(
      '/quick-messages/list',
      params,
      signal,
    );
    const records = Array.isArray(list) ? list : list?.records;
    return Array.isArray(records) ? records : [];
  } catch (error) {
    if (notFound(error)) return [];
    throw error;
  }
}

export function quickMessageOptionsQueryOptions(companyId: number | undefined, userId: number | undefined) {
  return queryOptions({
    queryKey: quickMessagesQueryKeys.options(userId),
    queryFn: ({ signal }) => getQuickMessageOptions({ companyId, userId }, signal),
    meta: { silent: true },
    staleTime: 60_000,
  });
}

export function useQuickMessageOptions(
  companyId: number | undefined,
  userId: number | undefined,
  enabled = true,
) {
  return useQuery({
    ...quickMessageOptionsQueryOptions(companyId, userId),
    enabled: enabled && userId !== undefined,
  });
}
