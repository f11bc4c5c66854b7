import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { promptsQueryKeys } from './query-keys.ts';

/** DELETE /prompt/{id} (message). */
export function deletePrompt(id: number) {
  return api.delete<{ message: string }>(`/prompt/${id}`);
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKeys.all }),
  });
}
