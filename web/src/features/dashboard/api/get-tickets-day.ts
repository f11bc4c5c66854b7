import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketsDayAnswer } from '@atende/shared/entities/dashboard';
import { api } from '../../../lib/api-client.ts';
import type { ChartRange } from '../dashboard-filter.ts';
import { dashboardQueryKeys } from './dashboard-query-keys.ts';

/** GET /dashboard/ticketsDay: tickets per day, or per hour slot when the range is one day. */
export function getTicketsDay(range: ChartRange, signal?: AbortSignal) {
  return api.get<TicketsDayAnswer>('/dashboard/ticketsDay', { ...range }, signal);
}

export function ticketsDayQueryOptions(range: ChartRange) {
  return queryOptions({
    queryKey: dashboardQueryKeys.ticketsDay(range),
    queryFn: ({ signal }) => getTicketsDay(range, signal),
  });
}

export function useTicketsDay(range: ChartRange | undefined) {
  return useQuery({
    ...ticketsDayQueryOptions(range ?? { initialDate: '', finalDate: '' }),
    enabled: range !== undefined,
  });
}
