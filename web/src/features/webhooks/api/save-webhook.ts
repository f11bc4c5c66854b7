import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Webhook, WebhookPayload, WebhookWithSecret } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

export function createWebhook(payload: WebhookPayload) {
  return api.post<WebhookWithSecret>('/webhooks', payload);
}

export function updateWebhook(id: number, payload: WebhookPayload) {
  return api.put<Webhook>(`/webhooks/${id}`, payload);
}

/** POST /webhooks (answers the secret, once) or PUT /webhooks/{id}; the list reloads. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      payload,
    }: {
      id?: number;
      payload: WebhookPayload;
    }): Promise<Webhook | WebhookWithSecret> =>
      id === undefined ? createWebhook(payload) : updateWebhook(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.list() }),
  });
}
