import type { QueueIntegrationRecord } from '#data/queue-integrations';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicQueueIntegration } from './serialize.ts';

/**
 * `queue-integration` events (extended §4 Live updates): an integration created, changed or
 * deleted. The routes are admin routes, so only the company's admins hear them, and never its
 * signing key or service-account JSON.
 */
export const queueIntegrationEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [
      {
        companyId,
        event: 'queue-integration',
        data: { action: 'delete', integrationId: item.id },
        audience: adminsOnly,
      },
    ];
  }
  return [
    {
      companyId,
      event: 'queue-integration',
      data: {
        action: change.kind,
        queueIntegration: publicQueueIntegration(change.newItem as QueueIntegrationRecord, { forLive: true }),
      },
      audience: adminsOnly,
    },
  ];
};
