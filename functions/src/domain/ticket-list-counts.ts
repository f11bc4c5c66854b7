/**
 * How many tickets each open or pending list partition holds (the tab badges), kept as counters
 * by the dashboard aggregator from the table's stream rather than counted per request: a count
 * query reads the whole partition (tens of thousands of items at 100k tickets). Closed lists show
 * no count, so closed partitions have no counter.
 */
import { ticketPartitions } from './ticket-keys.ts';

/** The fields of a ticket (as the stream carries it) that decide its lists. */
export interface TicketListFields {
  companyId?: unknown;
  status?: unknown;
  queueId?: unknown;
  userId?: unknown;
}

const idOrNone = (value: unknown) => (typeof value === 'number' ? value : null);

/** The list partitions (domain/ticket-keys.ts) a ticket is counted in. */
const counted = (item: TicketListFields | undefined): string[] => {
  if (!item || typeof item.companyId !== 'number' || (item.status !== 'open' && item.status !== 'pending')) return [];
  const { companyId, status } = item;
  return [
    ticketPartitions.byStatus(companyId, status),
    ticketPartitions.byStatusQueue(companyId, status, idOrNone(item.queueId)),
    ticketPartitions.byStatusUser(companyId, status, idOrNone(item.userId)),
  ];
};

/** What a change of a ticket (before and after; absent when created or deleted) moves per partition. */
export function listCountDeltas(before: TicketListFields | undefined, after: TicketListFields | undefined): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const partition of counted(before)) deltas[partition] = (deltas[partition] ?? 0) - 1;
  for (const partition of counted(after)) deltas[partition] = (deltas[partition] ?? 0) + 1;
  for (const [partition, delta] of Object.entries(deltas)) if (delta === 0) delete deltas[partition];
  return deltas;
}

/**
 * The count a list shows: what the page read when every partition fit in it (exact at once), else
 * the partitions' counters, never less than what was read (a counter a moment behind).
 */
export function listCount(read: { merged: number; complete: boolean }, counters: readonly number[]): number {
  if (read.complete) return read.merged;
  return Math.max(read.merged, counters.reduce((sum, n) => sum + Math.max(0, n), 0));
}
