import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { quickMessagesQueryKeys } from './quick-messages-query-keys.ts';
import type { QuickMessage, QuickMessagePayload } from './types.ts';

export function createQuickMessage(payload: QuickMessagePayload) {
  return api.post<QuickMessage>('/quick-messages', payload);
}

export function updateQuickMessage(id: number, payload: QuickMessagePayload) {
  return api.put<QuickMessage>(`/quick-messages/${id}`, payload);
}

/** POST /quick-messages/{id}/media-upload (multipart `file`, extended §7 with typeArch). */
export function uploadQuickMessageMedia(id: number, file: File) {
  const body = new FormData();
  body.append('typeArch', 'quickMessage');
  body.append('file', file, file.name);
  return api.post<QuickMessage | undefined>(`/quick-messages/${id}/media-upload`, body);
}

/** DELETE /quick-messages/{id}/media-upload. */
export function deleteQuickMessageMedia(id: number) {
  return api.delete<void>(`/quick-messages/${id}/media-upload`);
}

export interface QuickMessageSave {
  id?: number;
  payload: QuickMessagePayload;
  /** A new attachment to upload after saving. */
  file?: File;
  /** Drop the current attachment (when no new one replaces it). */
  removeMedia?: boolean;
}

/** Saves the record, then its attachment; the lists and the chat's options reload. */
export async function saveQuickMessage({
  id,
  payload,
  file,
  removeMedia,
}: QuickMessageSave): Promise<QuickMessage> {
  const saved = id === undefined ? await createQuickMessage(payload) : await updateQuickMessage(id, payload);
  const savedId = saved?.id ?? id;
  if (savedId === undefined) return saved;
  if (file) await uploadQuickMessageMedia(savedId, file);
  else if (removeMedia) await deleteQuickMessageMedia(savedId);
  return saved;
}

export function useSaveQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuickMessage,
    // The record may be saved even when its upload fails: reload either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickMessagesQueryKeys.all }),
  });
}
