import type { EntityChange } from './live-event.ts';
import { pageHead, type PageHead } from '../modules/tickets/related.ts';

/**
 * How long the broadcaster keeps a company's directory version between batches (decision 0139).
 * Every ticket event carries its connection, user, queue and tag names, checked against the
 * directory version: read for each ticket change, that was one table call per customer message
 * and per reply. The names' own changes (user, whatsapp, queue, tag) drop the kept version when a
 * batch carries them; this bounds what a container that did not see such a change (another shard
 * in AWS, or a version moved just after the batch read it) shows: a renamed queue's old name on a
 * ticket event for at most this long. The lists and the ticket read the version on every request.
 */
export const liveDirectoryFreshMs = 1_000;

/** Entities whose change moves the directory version (data/{users,whatsapps,queues,tags}.ts). */
const directoryEntities = new Set(['user', 'whatsapp', 'queue', 'tag']);

const kept = new Map<number, { loadedAt: number; head: Promise<PageHead> }>();

/** A company's directory version as the ticket events use it: kept while fresh, else read (AP-CO-9). */
export function liveDirectoryHead(companyId: number): Promise<PageHead> {
  const entry = kept.get(companyId);
  if (entry && Date.now() - entry.loadedAt < liveDirectoryFreshMs) return entry.head;
  const head = pageHead(companyId);
  kept.set(companyId, { loadedAt: Date.now(), head });
  // A failed read is not kept: the next ticket change reads again.
  head.catch(() => {
    if (kept.get(companyId)?.head === head) kept.delete(companyId);
  });
  return head;
}

/** Drops the kept version of every company whose names a batch changes. */
export function forgetChangedDirectories(changes: readonly EntityChange[]): void {
  for (const change of changes) {
    if (!directoryEntities.has(change.entity)) continue;
    const item = change.newItem ?? change.oldItem;
    if (item) kept.delete(Number(item.companyId));
  }
}

/** Drops every kept version (tests that change the table behind the broadcaster's back). */
export function forgetLiveDirectories(): void {
  kept.clear();
}
