import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementsQueryKeys } from './announcements-query-keys.ts';
import type { AnnouncementsPage } from './types.ts';

/** GET /announcements (searchParam, pageNumber; records, hasMore). */
export async function getAnnouncements(
  params: { searchParam: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<AnnouncementsPage> {
  const page = await api.get<AnnouncementsPage>('/announcements', params, signal);
  return { ...page, records: Array.isArray(page?.records) ? page.records : [], hasMore: !!page?.hasMore };
}

export function announcementsInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: announcementsQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getAnnouncements({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The super users' list screen: search and infinite scroll. */
export function useAnnouncements(searchParam: string) {
  return useInfiniteQuery(announcementsInfiniteQueryOptions(searchParam));
}

/**
 * The popover's first page: the server gives everyone but super users only the active ones,
 * newest first; super users also get inactive ones, which the popover leaves out.
 */
export function announcementsPopoverQueryOptions() {
  return queryOptions({
    queryKey: announcementsQueryKeys.popover(),
    queryFn: async ({ signal }) =>
      (await getAnnouncements({ searchParam: '', pageNumber: 1 }, signal)).records.filter(
        (record) => record.status !== false,
      ),
    meta: { silent: true },
  });
}

export function usePopoverAnnouncements() {
  return useQuery(announcementsPopoverQueryOptions());
}
