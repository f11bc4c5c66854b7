import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { WebhookWithSecret } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

/** POST /webhooks/{id}/secret: a new secret, answered once; the list shows its new hint. */
export function rotateWebhookSecret(id: number) {
  return api.post<WebhookWithSecret>(`/webhooks/${id}/secret`);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.list() }),
  });
}
