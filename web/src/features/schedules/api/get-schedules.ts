import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schedulesQueryKeys } from './schedules-query-keys.ts';
import type { Schedule } from './types.ts';

/** A runaway guard: the plan's schedules limit keeps a company far below it. */
const maxPages = 200;

/** GET /schedules, every page (the calendar shows them all, in send order). */
export async function getAllSchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const all: Schedule[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber += 1) {
    const page = await api.get<{ schedules: Schedule[]; hasMore: boolean }>(
      '/schedules',
      { pageNumber },
      signal,
    );
    all.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return all;
}

export const schedulesQueryOptions = queryOptions({
  queryKey: schedulesQueryKeys.list(),
  queryFn: ({ signal }) => getAllSchedules(signal),
  // No refetch on a timer: `schedule` live events keep the list (live-schedules.ts).
});

export function useSchedules(enabled: boolean) {
  return useQuery({ ...schedulesQueryOptions, enabled });
}
