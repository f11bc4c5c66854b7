import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyCreateInput } from '@atende/shared/entities/company';
import { api } from '../../../lib/api-client.ts';
import type { Company } from './get-companies.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

export function createCompany(payload: CompanyCreateInput) {
  return api.post<Company>('/companies', payload);
}

export function updateCompany(id: number, payload: CompanyCreateInput) {
  return api.put<Company>(`/companies/${id}`, payload);
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: CompanyCreateInput }) =>
      id === undefined ? createCompany(payload) : updateCompany(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all }),
  });
}
