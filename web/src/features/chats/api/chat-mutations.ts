import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatsQueryKeys } from './chats-query-keys.ts';
import type { Chat, ChatMessage, ChatPayload } from './types.ts';

/*
 * The /chats writes. extended §8: send, delete and dialog save failures are silent (no toast);
 * the mutations' own error state is all a screen shows.
 */

export function saveChat({ id, payload }: { id?: number; payload: ChatPayload }) {
  return id === undefined ? api.post<Chat>('/chats', payload) : api.put<Chat>(`/chats/${id}`, payload);
}

export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQueryKeys.list() }),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/chats/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQueryKeys.list() }),
  });
}

/** POST /chats/{id}/messages; the live new-message event adds it to the conversation (and so does the answer). */
export function sendChatMessage(chatId: number, message: string) {
  return api.post<ChatMessage>(`/chats/${chatId}/messages`, { message });
}

/** POST /chats/{id}/read: the viewer's own unread count goes to 0 (the live update brings it back). */
export function markChatRead(chatId: number, userId: number) {
  return api.post<void>(`/chats/${chatId}/read`, { userId });
}
