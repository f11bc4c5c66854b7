import { ticketPartitions } from './ticket-keys.ts';

export interface TicketListViewer {
  userId: number;
  isAdmin: boolean;
  queueIds: number[];
  allTicket: 'enabled' | 'desabled';
}

export interface TicketListRequest {
  status: 'open' | 'pending' | 'closed';
  showAll: boolean;
  queueIds: number[];
  userIds: number[];
}

export interface PartitionQuery {
  index: 'gsi1' | 'gsi2' | 'gsi3';
  partition: string;
}

/**
 * Which index partitions answer a ticket list (core §2, §6). A page then reads at most
 * (page × 40 + 1) items from each, whatever the number of tickets:
 * - admins with show-all: the status partition, or its queues / users when filtered;
 * - "assigned to me" (open, not show-all): the viewer's own partition;
 * - pending and closed for agents: their queues' partitions, plus tickets without a queue when
 *   allTicket is enabled (pending), plus their own (closed).
 * showAll is an admin permission; agents asking for it get their own view.
 */
export function ticketListPartitions(companyId: number, request: TicketListRequest, viewer: TicketListViewer): PartitionQuery[] {
  const { status } = request;
  const byQueue = (queueId: number | null) => ({ index: 'gsi2' as const, partition: ticketPartitions.byStatusQueue(companyId, status, queueId) });
  const byUser = (userId: number) => ({ index: 'gsi3' as const, partition: ticketPartitions.byStatusUser(companyId, status, userId) });

  if (viewer.isAdmin && request.showAll) {
    if (request.userIds.length > 0) return request.userIds.map(byUser);
    if (request.queueIds.length > 0) return request.queueIds.map(byQueue);
    return [{ index: 'gsi1', partition: ticketPartitions.byStatus(companyId, status) }];
  }
  if (status === 'open') return [byUser(viewer.userId)];

  const ownQueues = request.queueIds.length > 0 ? viewer.queueIds.filter((id) => request.queueIds.includes(id)) : viewer.queueIds;
  const partitions: PartitionQuery[] = ownQueues.map(byQueue);
  if (status === 'pending' && (viewer.allTicket === 'enabled' || viewer.isAdmin) && request.queueIds.length === 0) {
    partitions.push(byQueue(null));
  }
  if (status === 'closed') partitions.push(byUser(viewer.userId));
  return partitions;
}

/** Merges newest-first pages of several partitions into one, without duplicates. */
export function mergeNewestFirst<T extends { id: number; activityAt?: string }>(pages: T[][]): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const item of pages.flat().sort((a, b) => (b.activityAt ?? '').localeCompare(a.activityAt ?? '') || b.id - a.id)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}
