import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementsQueryKeys } from './announcements-query-keys.ts';

export function deleteAnnouncement(id: number) {
  return api.delete<void>(`/announcements/${id}`);
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.all }),
  });
}
