import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plansQueryKeys } from './plans-query-keys.ts';

export function deletePlan(id: number) {
  return api.delete<void>(`/plans/${id}`);
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKeys.all }),
  });
}
