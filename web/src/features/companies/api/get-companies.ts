import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@atende/shared/entities/company';
import { api } from '../../../lib/api-client.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

export type { Company };

/** GET /companies/list (super users): every company, for the administration table. */
export function getCompanies(signal?: AbortSignal) {
  return api.get<Company[]>('/companies/list', undefined, signal);
}

export const companiesQueryOptions = queryOptions({
  queryKey: companiesQueryKeys.list(),
  queryFn: ({ signal }) => getCompanies(signal),
  // core §8: a failed load reads 'No fue posible cargar la lista de registros' (shown by the screen).
  meta: { silent: true },
});

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions, enabled });
}
