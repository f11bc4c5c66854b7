import type { TagRecord } from '#data/tags';
import { everyone } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicTag } from './serialize.ts';

/**
 * `tag` events: a tag created, renamed, recoloured, flagged for kanban or with a new
 * `ticketsCount`, or deleted, to every connection of the company (tags are company-wide).
 */
export const tagEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') return [{ companyId, event: 'tag', data: { action: 'delete', tagId: item.id }, audience: everyone }];
  return [{ companyId, event: 'tag', data: { action: change.kind, tag: publicTag(item as TagRecord) }, audience: everyone }];
};
