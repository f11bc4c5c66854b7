import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekHours } from '@atende/shared/entities/weekday-hours';
import { api } from '../../../lib/api-client.ts';
import type { Company } from './get-companies.ts';
import { companiesQueryKeys } from './companies-query-keys.ts';

/** PUT /companies/{id}/schedules: the company's week hours (the Horarios tab). */
export function updateCompanySchedules(id: number, schedules: WeekHours) {
  return api.put<Company>(`/companies/${id}/schedules`, { schedules });
}

export function useUpdateCompanySchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, schedules }: { id: number; schedules: WeekHours }) => updateCompanySchedules(id, schedules),
    onSuccess: (_company, { id }) => queryClient.invalidateQueries({ queryKey: companiesQueryKeys.detail(id) }),
  });
}
