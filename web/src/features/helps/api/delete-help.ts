import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { helpsQueryKeys } from './helps-query-keys.ts';

export function deleteHelp(id: number) {
  return api.delete<void>(`/helps/${id}`);
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHelp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.all }),
  });
}
