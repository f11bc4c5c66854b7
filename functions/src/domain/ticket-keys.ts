/**
 * The list keys of a ticket, kept on the item so every list (tab) is a query on one index
 * partition, newest activity first, whatever the number of tickets:
 * - gsi1: by status (admins' show-all);
 * - gsi2: by status and queue (`none` for no queue) — an agent's queues;
 * - gsi3: by status and user (`none` when unassigned) — "assigned to me".
 * They are written together with the state they come from, so they cannot drift.
 */
export interface TicketListState {
  companyId: number;
  id: number;
  status: 'pending' | 'open' | 'closed';
  queueId?: number | null;
  userId?: number | null;
  activityAt: string;
}

export function ticketSortKey(activityAt: string, id: number): string {
  return `${activityAt}#${String(id).padStart(10, '0')}`;
}

export const ticketPartitions = {
  byStatus: (companyId: number, status: string) => `C#${companyId}#TS#${status}`,
  byStatusQueue: (companyId: number, status: string, queueId: number | null | undefined) =>
    `C#${companyId}#TSQ#${status}#${queueId ?? 'none'}`,
  byStatusUser: (companyId: number, status: string, userId: number | null | undefined) =>
    `C#${companyId}#TSU#${status}#${userId ?? 'none'}`,
};

export function ticketIndexKeys(state: TicketListState) {
  const sortKey = ticketSortKey(state.activityAt, state.id);
  return {
    gsi1pk: ticketPartitions.byStatus(state.companyId, state.status),
    gsi1sk: sortKey,
    gsi2pk: ticketPartitions.byStatusQueue(state.companyId, state.status, state.queueId),
    gsi2sk: sortKey,
    gsi3pk: ticketPartitions.byStatusUser(state.companyId, state.status, state.userId),
    gsi3sk: sortKey,
  };
}
