import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Webhook } from './types.ts';
import { webhooksQueryKeys } from './webhooks-query-keys.ts';

export interface WebhookList {
  webhooks: Webhook[];
  /** The running stage also saves http URLs to loopback addresses (the local runtime). */
  loopbackHttp: boolean;
}

/** GET /webhooks: the company's webhooks (a handful) and which URLs this stage accepts. */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookList> {
  const answer = await api.get<{ webhooks?: Webhook[]; urlPolicy?: { loopbackHttp?: boolean } }>(
    '/webhooks',
    undefined,
    signal,
  );
  return {
    webhooks: Array.isArray(answer?.webhooks) ? answer.webhooks : [],
    loopbackHttp: answer?.urlPolicy?.loopbackHttp === true,
  };
}

export const webhooksQueryOptions = queryOptions({
  queryKey: webhooksQueryKeys.list(),
  queryFn: ({ signal }) => getWebhooks(signal),
});

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}
