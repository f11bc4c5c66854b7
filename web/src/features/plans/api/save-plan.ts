import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanCreateInput } from '@atende/shared/entities/plan';
import { api } from '../../../lib/api-client.ts';
import type { Plan } from './get-plans.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

export function createPlan(payload: PlanCreateInput) {
  return api.post<Plan>('/plans', payload);
}

export function updatePlan(id: number, payload: PlanCreateInput) {
  return api.put<Plan>(`/plans/${id}`, payload);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: PlanCreateInput }) =>
      id === undefined ? createPlan(payload) : updatePlan(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKeys.all }),
  });
}
