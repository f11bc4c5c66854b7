import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { announcementsQueryKeys } from './announcements-query-keys.ts';
import type { AnnouncementsPage } from './types.ts';
import { getListPage, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

/** GET /announcements (searchParam, pageNumber; records, hasMore). */
export function getAnnouncements(params: SearchParams, signal?: AbortSignal) {
  return getListPage<AnnouncementsPage>('/announcements', 'records', params, signal);
}

export function announcementsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(announcementsQueryKeys.list(searchParam), getAnnouncements, searchParam);
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
