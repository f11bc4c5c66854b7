import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { upsertMessage } from '../message-rules.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Message, MessagesPage } from './types.ts';

export interface MessageSend {
  body: string;
  quotedMsg?: { id: string };
  /** A quick reply whose file goes with the text as its caption (the server attaches it). */
  quickMessageId?: number;
}

/** POST /messages/{ticketId} as JSON → 201 Message. */
export function sendMessage(ticketId: number, payload: MessageSend) {
  return api.post<Message>(`/messages/${ticketId}`, { ...payload, fromMe: true, read: true });
}

export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: MessageSend) => sendMessage(ticketId, payload),
    onSuccess: (message) => {
      if (!message || typeof message !== 'object' || typeof message.id !== 'string') return;
      queryClient.setQueryData<InfiniteData<MessagesPage>>(ticketsQueryKeys.messages(ticketId), (data) =>
        upsertMessage(data, message),
      );
    },
  });
}
