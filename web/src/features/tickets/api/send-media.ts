import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { upsertMessage } from '../message-rules.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Message, MessagesPage } from './types.ts';

export interface MediaSend {
  file: Blob;
  fileName: string;
  /** The caption; may be empty. */
  body?: string;
  quotedMsg?: { id: string };
}

/** POST /messages/{ticketId} as multipart (core §7): one file in `medias`, `body` and `fromMe` → 201 Message. */
export function sendMedia(ticketId: number, { file, fileName, body = '', quotedMsg }: MediaSend) {
  const form = new FormData();
  form.append('medias', file, fileName);
  form.append('body', body);
  form.append('fromMe', 'true');
  if (quotedMsg) form.append('quotedMsg', JSON.stringify(quotedMsg));
  return api.post<Message>(`/messages/${ticketId}`, form);
}

export function useSendMedia(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: MediaSend) => sendMedia(ticketId, payload),
    onSuccess: (message) => {
      if (!message || typeof message !== 'object' || typeof message.id !== 'string') return;
      queryClient.setQueryData<InfiniteData<MessagesPage>>(ticketsQueryKeys.messages(ticketId), (data) =>
        upsertMessage(data, message),
      );
    },
  });
}
