import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@atende/shared/entities/dashboard';
import { api } from '../../../lib/api-client.ts';
import type { DashboardParams } from '../dashboard-filter.ts';
import { dashboardQueryKeys } from './dashboard-query-keys.ts';

/** GET /dashboard: the counters and the attendants of a period or a date range (core §7). */
export function getDashboard(params: DashboardParams, signal?: AbortSignal) {
  return api.get<DashboardAnswer>('/dashboard', params, signal);
}

export function dashboardQueryOptions(params: DashboardParams) {
  return queryOptions({
    queryKey: dashboardQueryKeys.counters(params),
    queryFn: ({ signal }) => getDashboard(params, signal),
  });
}

/** The counters of the applied filter; nothing is asked before a filter is applied. */
export function useDashboard(params: DashboardParams | undefined) {
  return useQuery({
    ...dashboardQueryOptions(params ?? { days: 0 }),
    enabled: params !== undefined,
  });
}
