import type { QueueRecord } from '#data/queues';
import { everyone } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicQueue } from './serialize.ts';

/**
 * `queue` events (extended §4 Live updates): a queue created, changed or deleted, to every
 * connection of the company (queue lists, filters and selects are company-wide).
 */
export const queueEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') return [{ companyId, event: 'queue', data: { action: 'delete', queueId: item.id }, audience: everyone }];
  return [{ companyId, event: 'queue', data: { action: change.kind, queue: publicQueue(item as QueueRecord) }, audience: everyone }];
};
