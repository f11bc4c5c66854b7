import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changeMessage } from '../message-rules.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Message, MessagesPage } from './types.ts';

/**
 * DELETE /messages/{id} → 204 once WhatsApp deleted it for everyone; 502 ERR_DELETE_WAPP_MSG when
 * WhatsApp refused (the message stays as it was).
 */
export function deleteMessage(id: string) {
  return api.delete<void>(`/messages/${encodeURIComponent(id)}`);
}

/** Deletes a message of the chat and shows it deleted at once (the live update says the same). */
export function useDeleteMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => deleteMessage(message.id),
    onSuccess: (_answer, deleted) => {
      queryClient.setQueryData<InfiniteData<MessagesPage>>(ticketsQueryKeys.messages(ticketId), (data) =>
        changeMessage(data, deleted.id, (item) => ({ ...item, isDeleted: true, body: '', mediaUrl: null })),
      );
    },
  });
}
