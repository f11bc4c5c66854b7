import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@atende/shared/entities/plan';
import { api } from '../../../lib/api-client.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

/** GET /plans/list: the plans offered at sign-up (no sign-in needed). */
export function getPublicPlans(signal?: AbortSignal) {
  return api.get<Plan[]>('/plans/list', undefined, signal);
}

export const publicPlansQueryOptions = queryOptions({
  queryKey: plansQueryKeys.publicList(),
  queryFn: ({ signal }) => getPublicPlans(signal),
});

export function usePublicPlans() {
  return useQuery(publicPlansQueryOptions);
}
