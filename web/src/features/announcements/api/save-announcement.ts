import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { announcementsQueryKeys } from './announcements-query-keys.ts';
import type { Announcement, AnnouncementPayload } from './types.ts';

export function createAnnouncement(payload: AnnouncementPayload) {
  return api.post<Announcement>('/announcements', payload);
}

export function updateAnnouncement(id: number, payload: AnnouncementPayload) {
  return api.put<Announcement>(`/announcements/${id}`, payload);
}

/** POST /announcements/{id}/media-upload (multipart `file`: png, jpg or jpeg). */
export function uploadAnnouncementMedia(id: number, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<Announcement>(`/announcements/${id}/media-upload`, body);
}

/** DELETE /announcements/{id}/media-upload. */
export function deleteAnnouncementMedia(id: number) {
  return api.delete<Announcement>(`/announcements/${id}/media-upload`);
}

export interface AnnouncementSave {
  id?: number;
  payload: AnnouncementPayload;
  /** A new image to upload after saving. */
  file?: File;
  /** Drop the current image (when no new one replaces it). */
  removeMedia?: boolean;
}

/** Saves the record, then its image. */
export async function saveAnnouncement({
  id,
  payload,
  file,
  removeMedia,
}: AnnouncementSave): Promise<Announcement> {
  const saved = id === undefined ? await createAnnouncement(payload) : await updateAnnouncement(id, payload);
  const savedId = saved?.id ?? id;
  if (savedId === undefined) return saved;
  if (file) return uploadAnnouncementMedia(savedId, file);
  if (removeMedia) return deleteAnnouncementMedia(savedId);
  return saved;
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    // The record may be saved even when its upload fails: reload either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.all }),
  });
}
