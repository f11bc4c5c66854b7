import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './tags-query-keys.ts';
import type { Tag, TagPayload } from './types.ts';

export function createTag(payload: TagPayload) {
  return api.post<Tag>('/tags', payload);
}

export function updateTag(id: number, payload: TagPayload) {
  return api.put<Tag>(`/tags/${id}`, payload);
}

/** POST /tags or PUT /tags/{id}; the lists and the pickers' list reload. */
export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: TagPayload }) =>
      id === undefined ? createTag(payload) : updateTag(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.all }),
  });
}
