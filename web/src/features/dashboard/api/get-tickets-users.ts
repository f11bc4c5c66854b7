import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketsUsersAnswer } from '@atende/shared/entities/dashboard';
import { api } from '../../../lib/api-client.ts';
import type { ChartRange } from '../dashboard-filter.ts';
import { dashboardQueryKeys } from './dashboard-query-keys.ts';

/** GET /dashboard/ticketsUsers: conversations per user in a date range. */
export function getTicketsUsers(range: ChartRange, signal?: AbortSignal) {
  return api.get<TicketsUsersAnswer>('/dashboard/ticketsUsers', { ...range }, signal);
}

export function ticketsUsersQueryOptions(range: ChartRange) {
  return queryOptions({
    queryKey: dashboardQueryKeys.ticketsUsers(range),
    queryFn: ({ signal }) => getTicketsUsers(range, signal),
  });
}

export function useTicketsUsers(range: ChartRange | undefined) {
  return useQuery({
    ...ticketsUsersQueryOptions(range ?? { initialDate: '', finalDate: '' }),
    enabled: range !== undefined,
  });
}
