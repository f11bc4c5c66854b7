import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileListsQueryKeys } from './file-lists-query-keys.ts';

/** DELETE /files/{id}: the list, its options and their files. */
export function deleteFileList(id: number) {
  return api.delete<void>(`/files/${id}`);
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFileList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKeys.all }),
  });
}
