import { setTicketLaneOnLinks } from '#data/tags';
import { laneKeysOf, type TicketListKeys } from '#domain/kanban-rules';
import type { changeFromRecord } from '#live/stream-changes';

type Change = NonNullable<ReturnType<typeof changeFromRecord>>;

type TicketImage = TicketListKeys & { companyId?: unknown; id?: unknown; tagIds?: unknown };

function tagIdsOf(image: TicketImage | undefined): number[] {
  return Array.isArray(image?.tagIds) ? image.tagIds.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * A ticket's status, queue, user or tags changed: its tag links take its new list keys, so a
 * kanban lane reads only the tickets its viewer may see (AP-TG-12, AP-TG-13). Idempotent: a batch
 * delivered again writes the same value. A change of anything else (its activity, its last
 * message) writes nothing.
 */
export async function followTicketLaneKeys(change: Change): Promise<void> {
  if (change.entity !== 'ticket' || !change.newItem) return;
  const next = change.newItem as TicketImage;
  const before = change.oldItem as TicketImage | undefined;
  const tagIds = tagIdsOf(next);
  if (tagIds.length === 0 || typeof next.status !== 'string') return;
  const lane = laneKeysOf(next);
  const tagsChanged = tagIdsOf(before).join(',') !== tagIds.join(',');
  if (before && typeof before.status === 'string' && laneKeysOf(before) === lane && !tagsChanged) return;
  await setTicketLaneOnLinks(Number(next.companyId), Number(next.id), tagIds, lane);
}
