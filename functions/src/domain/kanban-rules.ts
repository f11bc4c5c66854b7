import { AppError } from './app-error.ts';
import { ticketPartitions } from './ticket-keys.ts';
import { ticketListPartitions, type PartitionQuery, type TicketListViewer } from './ticket-lists.ts';

/**
 * The kanban board's rules (extended §2.17, §4 Kanban): which lanes there are, which lane a
 * ticket is on, and what a move does to a ticket's tags. Pure: the data layer reads and writes.
 */

/** A lane: Creados (`null`) or a kanban tag's id. */
export type LaneTagId = number | null;

/** Cards per lane page. */
export const kanbanPageSize = 20;

/** Only the tickets being worked are on the board; closed ones never are (nor read). */
export const kanbanStatuses = ['open', 'pending'] as const;

/**
 * The lanes a ticket is on: one per kanban tag it carries, or Creados when it carries none.
 * Its other tags do not place it. A closed ticket is on none.
 */
export function lanesOfTicket(
  ticket: { status: string; tagIds?: readonly number[] | null },
  kanbanTagIds: readonly number[],
): LaneTagId[] {
  if (!(kanbanStatuses as readonly string[]).includes(ticket.status)) return [];
  const kanban = new Set(kanbanTagIds);
  const lanes = [...new Set(ticket.tagIds ?? [])].filter((id) => kanban.has(id));
  return lanes.length > 0 ? lanes : [null];
}

/** What a lane keeps of a list partition: tickets with its tag, or (Creados) with none of the kanban tags. */
export type LaneFilter = { kind: 'tag'; tagId: number } | { kind: 'none-of'; tagIds: number[] };

export function laneFilter(lane: LaneTagId, kanbanTagIds: readonly number[]): LaneFilter {
  return lane === null ? { kind: 'none-of', tagIds: [...kanbanTagIds] } : { kind: 'tag', tagId: lane };
}

/**
 * The list partitions a board reads: the open and the pending ticket lists of the viewer, exactly
 * as the inbox lists choose them (domain/ticket-lists.ts; admins as with "show all"), so the
 * board shows what the lists show and never reads a closed ticket.
 */
export function kanbanPartitions(
  companyId: number,
  queueIds: number[],
  viewer: TicketListViewer,
): PartitionQuery[] {
  return kanbanStatuses.flatMap((status) =>
    ticketListPartitions(companyId, { status, showAll: viewer.isAdmin, queueIds, userIds: [] }, viewer),
  );
}

/**
 * A kanban lane whose tag is on at most this many tickets (its `ticketsCount`, closed ones
 * included) is read through the tag's links (AP-TG-7) and those tickets by id: a few calls,
 * whatever the number of open and pending tickets. A busier lane is read from the list
 * partitions with the lane as a filter (AP-KB-1), which never reads a closed ticket. Either way
 * the board's cost does not grow with closed tickets beyond this bound.
 */
export const linkedLaneMax = 2000;

/**
 * What a tag link keeps of its ticket's list keys (status, queue, user), so a lane read through
 * the links BatchGets only the tickets the viewer's lists hold: `status|queueId|userId`, an empty
 * part for none. The tickets stream keeps it current (modules/kanban/lane-links-outcome.ts); the
 * tickets read afterwards are checked again, so a link a moment behind never shows a card wrongly.
 */
export type TicketListKeys = { status: string; queueId?: number | null; userId?: number | null };

export function laneKeysOf(ticket: TicketListKeys): string {
  return [ticket.status, ticket.queueId ?? '', ticket.userId ?? ''].join('|');
}

/** The list keys a link carries, or undefined for a link written before links carried them. */
export function listKeysOfLane(laneKeys: string | undefined): TicketListKeys | undefined {
  if (!laneKeys) return undefined;
  const [status = '', queueId = '', userId = ''] = laneKeys.split('|');
  return {
    status,
    queueId: queueId === '' ? null : Number(queueId),
    userId: userId === '' ? null : Number(userId),
  };
}

/**
 * Whether a link's ticket may be on the viewer's board: its list keys are in one of the board's
 * partitions, or the link does not carry them yet (the ticket read decides).
 */
export function linkMayShow(
  companyId: number,
  laneKeys: string | undefined,
  partitions: readonly PartitionQuery[],
): boolean {
  const keys = listKeysOfLane(laneKeys);
  return keys === undefined || inPartitions(companyId, keys, partitions);
}

export function readsLaneThroughLinks(lane: LaneTagId, ticketsCount: number | undefined): boolean {
  return lane !== null && (ticketsCount ?? 0) <= linkedLaneMax;
}

/** Whether one of the board's partitions holds the ticket (its list keys, as domain/ticket-keys.ts writes them). */
export function inPartitions(
  companyId: number,
  ticket: { status: string; queueId?: number | null; userId?: number | null },
  partitions: readonly PartitionQuery[],
): boolean {
  return partitions.some((p) => {
    if (p.index === 'gsi1') return p.partition === ticketPartitions.byStatus(companyId, ticket.status);
    if (p.index === 'gsi2')
      return p.partition === ticketPartitions.byStatusQueue(companyId, ticket.status, ticket.queueId);
    return p.partition === ticketPartitions.byStatusUser(companyId, ticket.status, ticket.userId);
  });
}

/**
 * A card's move from one lane to another as the ticket's new tag ids: the old lane's tag goes,
 * then the new one comes (from or to Creados only one of them), the other tags stay. Both lanes
 * must be kanban lanes (400), and the ticket must still be on the lane it was dragged from, else
 * someone moved it meanwhile (409: the board reloads it).
 */
export function planKanbanMove(
  current: readonly number[],
  move: { fromTagId: LaneTagId; toTagId: LaneTagId },
  kanbanTagIds: readonly number[],
): number[] {
  const kanban = new Set(kanbanTagIds);
  for (const [field, tagId] of [
    ['fromTagId', move.fromTagId],
    ['toTagId', move.toTagId],
  ] as const) {
    if (tagId !== null && !kanban.has(tagId)) {
      throw new AppError('ERR_VALIDATION', {
        issues: [{ path: field, message: 'No es un carril del kanban' }],
      });
    }
  }
  const onLanes = lanesOfTicket({ status: 'open', tagIds: current }, kanbanTagIds);
  if (!onLanes.includes(move.fromTagId)) throw new AppError('ERR_TICKET_CONFLICT');
  const kept = current.filter((id) => id !== move.fromTagId);
  if (move.toTagId === null || kept.includes(move.toTagId)) return kept;
  return [...kept, move.toTagId];
}
