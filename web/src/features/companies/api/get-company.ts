import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Company } from './get-companies.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

/** GET /companies/{id}: the own company (its hours) or, for super users, any. */
export function getCompany(id: number, signal?: AbortSignal) {
  return api.get<Company>(`/companies/${id}`, undefined, signal);
}

export function companyQueryOptions(id: number) {
  return queryOptions({
    queryKey: companiesQueryKeys.detail(id),
    queryFn: ({ signal }) => getCompany(id, signal),
  });
}

export function useCompany(id: number | undefined) {
  return useQuery({ ...companyQueryOptions(id ?? 0), enabled: id !== undefined });
}
