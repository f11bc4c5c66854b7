import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { WebhookDelivery } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

/** POST /webhooks/{id}/deliveries/{deliveryId}/replay: the same event delivered again, as a new delivery. */
export function replayDelivery(webhookId: number, deliveryId: string) {
  return api.post<WebhookDelivery>(
    `/webhooks/${webhookId}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
  );
}

export function useReplayDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => replayDelivery(webhookId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.deliveries(webhookId) }),
  });
}
