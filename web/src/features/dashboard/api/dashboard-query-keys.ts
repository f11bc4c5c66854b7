import type { ChartRange, DashboardParams } from '../dashboard-filter.ts';

export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  counters: (params: DashboardParams) => ['dashboard', 'counters', params] as const,
  ticketsUsers: (range: ChartRange) => ['dashboard', 'ticketsUsers', range] as const,
  ticketsDay: (range: ChartRange) => ['dashboard', 'ticketsDay', range] as const,
};
