import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { webhooksQueryOptions } from './api/get-webhooks.ts';
import type { Webhook } from './api/types.ts';
import { webhooksQueryKeys } from './api/webhooks-query-keys.ts';

/** The webhooks the platform disabled because their receiver kept failing (not those an admin turned off). */
export function disabledForFailing(webhooks: readonly Webhook[]): Webhook[] {
  return webhooks.filter((webhook) => !webhook.enabled && webhook.disabledReason === 'failing');
}

/** Any `webhook` live event (admins only) reloads the company's webhooks wherever they are shown. */
export function useLiveWebhooks(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvent(enabled ? 'webhook' : undefined, () => {
    void queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.all });
  });
}

/**
 * The admins' in-app notice (docs/decisions.md, "A webhook failing for days is disabled"): the
 * webhooks disabled for failing, shown in the notifications popover until one is enabled again
 * or deleted; kept current by the live `webhook` event.
 */
export function useDisabledWebhookNotices(isAdmin: boolean) {
  useLiveWebhooks(isAdmin);
  const query = useQuery({ ...webhooksQueryOptions, enabled: isAdmin });
  return isAdmin ? disabledForFailing(query.data?.webhooks ?? []) : [];
}
