import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './tags-query-keys.ts';

export function deleteTag(id: number) {
  return api.delete<void>(`/tags/${id}`);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.all }),
  });
}
