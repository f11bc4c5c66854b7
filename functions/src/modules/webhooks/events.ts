import type { WebhookRecord } from '#data/webhooks';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicWebhook } from './serialize.ts';

/**
 * `webhook` events: `{ action: "create" | "update", webhook }` (the REST shape: the secret only as
 * its hint) or `{ action: "delete", webhookId }`, to the company's admins only (the /webhooks
 * routes and screen are theirs). The screen and the notifications hear at once that the platform
 * disabled a failing webhook (docs/decisions.md, "A webhook failing for days is disabled").
 */
export const webhookEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [{ companyId, event: 'webhook', data: { action: 'delete', webhookId: item.id }, audience: adminsOnly }];
  }
  return [
    {
      companyId,
      event: 'webhook',
      data: { action: change.kind, webhook: publicWebhook(change.newItem as WebhookRecord) },
      audience: adminsOnly,
    },
  ];
};
