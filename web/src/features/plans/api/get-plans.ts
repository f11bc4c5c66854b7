import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@atende/shared/entities/plan';
import { api } from '../../../lib/api-client.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

export type { Plan };

/** GET /plans/all: every plan, for the company form and the plans table. */
export function getPlans(signal?: AbortSignal) {
  return api.get<Plan[]>('/plans/all', undefined, signal);
}

export const plansQueryOptions = queryOptions({
  queryKey: plansQueryKeys.list(),
  queryFn: ({ signal }) => getPlans(signal),
  meta: { silent: true },
});

export function usePlans(enabled = true) {
  return useQuery({ ...plansQueryOptions, enabled });
}
