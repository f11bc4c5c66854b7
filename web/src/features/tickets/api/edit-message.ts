import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mergeNewer } from '../../../lib/merge-newer.ts';
import { changeMessage } from '../message-rules.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Message, MessagesPage } from './types.ts';

/**
 * PUT /messages/{id} `{ body }` → the message as stored after the edit, once WhatsApp took it;
 * 502 ERR_EDIT_WAPP_MSG when WhatsApp refused, 409 ERR_MESSAGE_EDIT_EXPIRED after 15 minutes
 * (the message stays as it was).
 */
export function editMessage(id: string, body: string) {
  return api.put<Message>(`/messages/${encodeURIComponent(id)}`, { body });
}

/** Edits a message of the chat and shows the new text at once (the live update says the same). */
export function useEditMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, body }: { message: Message; body: string }) => editMessage(message.id, body),
    onSuccess: (edited) => {
      queryClient.setQueryData<InfiniteData<MessagesPage>>(ticketsQueryKeys.messages(ticketId), (data) =>
        changeMessage(data, edited.id, (item) => mergeNewer(item, edited)),
      );
    },
  });
}
