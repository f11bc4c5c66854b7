import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { schedulesQueryKeys } from './schedules-query-keys.ts';
import type { Schedule, SchedulePayload } from './types.ts';

export interface ScheduleSave {
  id?: number;
  payload: SchedulePayload;
  /** A new image to upload after saving. */
  file?: File;
  /** Drop the current image (when no new one replaces it). */
  removeMedia?: boolean;
}

/** POST or PUT /schedules, then POST or DELETE /schedules/{id}/media-upload. */
export async function saveSchedule({ id, payload, file, removeMedia }: ScheduleSave): Promise<Schedule> {
  const saved =
    id === undefined
      ? await api.post<Schedule>('/schedules', payload)
      : await api.put<Schedule>(`/schedules/${id}`, payload);
  const savedId = saved?.id ?? id;
  if (savedId === undefined) return saved;
  if (file) {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<Schedule>(`/schedules/${savedId}/media-upload`, body);
  }
  if (removeMedia) return api.delete<Schedule>(`/schedules/${savedId}/media-upload`);
  return saved;
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    // The record may be saved even when its upload fails: reload either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKeys.all }),
  });
}

/** DELETE /schedules/{id}. */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/schedules/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesQueryKeys.all }),
  });
}
