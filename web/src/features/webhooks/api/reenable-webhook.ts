import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Webhook } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

/**
 * PUT /webhooks/{id} with only `enabled: true`: a webhook disabled (by an admin, or by the platform
 * after failing for days) is enabled again; the server clears its streak of failures.
 */
export function reenableWebhook(id: number) {
  return api.put<Webhook>(`/webhooks/${id}`, { enabled: true });
}

export function useReenableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reenableWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.all }),
  });
}
