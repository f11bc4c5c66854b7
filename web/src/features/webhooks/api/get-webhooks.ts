import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Webhook } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

/** GET /webhooks: the company's webhooks (a handful). */
export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  const answer = await api.get<{ webhooks?: Webhook[] }>('/webhooks', undefined, signal);
  return Array.isArray(answer?.webhooks) ? answer.webhooks : [];
}

export const webhooksQueryOptions = queryOptions({
  queryKey: webhooksQueryKeys.list(),
  queryFn: ({ signal }) => getWebhooks(signal),
});

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}
