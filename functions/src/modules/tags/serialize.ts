import type { TagRecord } from '#data/tags';

/** A tag as the API and the live channel show it. */
export function publicTag(tag: TagRecord) {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    kanban: tag.kanban === 1 ? 1 : 0,
    userId: tag.userId ?? null,
    companyId: tag.companyId,
    ticketsCount: Math.max(0, tag.ticketsCount ?? 0),
    createdAt: tag.createdAt,
    updatedAt: tag.updatedAt,
  };
}
