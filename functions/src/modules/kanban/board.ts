import { creadosLane, type KanbanBoardQuery } from '@atende/shared/entities/kanban';
import { isAdmin, type Principal } from '#auth/principal';
import { listScopeOf } from '#auth/session-check';
import { queryLanePartition, ticketsWithDirectoryVersion } from '#data/kanban';
import { activeLinksOfTag, listTags } from '#data/tags';
import type { ListedTicket } from '#data/tickets';
import { AppError } from '#domain/app-error';
import {
  inPartitions,
  kanbanPageSize,
  kanbanPartitions,
  laneFilter,
  lanesOfTicket,
  linkMayShow,
  readsLaneThroughLinks,
  type LaneTagId,
} from '#domain/kanban-rules';
import { mergeNewestFirst, type PartitionQuery, type TicketListViewer } from '#domain/ticket-lists';
import { relatedPage } from '../tickets/related.ts';

/** Who is looking: admins from the token, agents with their queues and allTicket (as the ticket lists). */
async function viewerOf(principal: Principal): Promise<TicketListViewer> {
  if (isAdmin(principal))
    return { userId: principal.userId, isAdmin: true, queueIds: [], allTicket: 'enabled' };
  const scope = await listScopeOf(principal);
  return { userId: principal.userId, isAdmin: false, queueIds: scope.queueIds, allTicket: scope.allTicket };
}

/**
 * The links of a lane of at most linkedLaneMax tickets (domain/kanban-rules.ts): those of open
 * and pending tickets whose list keys fall in the viewer's partitions. Their tickets are read
 * with every other linked lane's, in one BatchGet with the directory version.
 */
async function linkedLaneIds(companyId: number, tagId: number, partitions: PartitionQuery[]): Promise<number[]> {
  const links = await activeLinksOfTag(companyId, tagId);
  return links.filter((link) => linkMayShow(companyId, link.ticketLane, partitions)).map((link) => link.ticketId);
}

/**
 * A linked lane from its tickets, checked again (a link a moment behind its ticket never shows a
 * card wrongly), newest activity first.
 */
function linkedLane(
  tagId: number,
  ids: readonly number[],
  tickets: ReadonlyMap<number, ListedTicket>,
  kanbanTagIds: number[],
  partitions: PartitionQuery[],
  companyId: number,
): ListedTicket[] {
  return mergeNewestFirst([
    ids.flatMap((id) => {
      const ticket = tickets.get(id);
      return ticket && lanesOfTicket(ticket, kanbanTagIds).includes(tagId) && inPartitions(companyId, ticket, partitions) ? [ticket] : [];
    }),
  ]);
}

/**
 * The board of GET /api/ticket/kanban (extended §2.17, §7): Creados, then one lane per kanban tag
 * in name order, each a page of the open and pending tickets the caller's ticket lists show,
 * newest activity first. Without `lane` the first page of every lane; with it, that lane's
 * `pageNumber`.
 */
export async function kanbanBoard(principal: Principal, query: KanbanBoardQuery) {
  const { companyId } = principal;
  const [viewer, tags] = await Promise.all([viewerOf(principal), listTags(companyId)]);
  const kanbanTagIds = tags.filter((tag) => tag.kanban === 1).map((tag) => tag.id);
  let lanes: LaneTagId[] = [null, ...kanbanTagIds];
  if (query.lane !== undefined) {
    const lane = query.lane === creadosLane ? null : query.lane;
    if (lane !== null && !kanbanTagIds.includes(lane)) throw new AppError('ERR_NOT_FOUND');
    lanes = [lane];
  }
  const partitions = kanbanPartitions(companyId, query.queueIds, viewer);
  const wanted = query.pageNumber * kanbanPageSize;
  const counts = new Map(tags.map((tag) => [tag.id, tag.ticketsCount]));
  // Lanes read through their links need their tickets by id; those of every such lane, and the
  // directory version the cards' names come from, are one BatchGet (AP-KB-2 with AP-CO-9).
  const throughLinks = (lane: LaneTagId): lane is number => lane !== null && readsLaneThroughLinks(lane, counts.get(lane));
  const [linkedIds, partitionLanes] = await Promise.all([
    Promise.all(lanes.filter(throughLinks).map(async (lane) => [lane, await linkedLaneIds(companyId, lane, partitions)] as const)),
    Promise.all(
      lanes
        .filter((lane) => !throughLinks(lane))
        .map(async (lane) => {
          const reads = await Promise.all(
            partitions.map((p) => queryLanePartition(p.index, p.partition, laneFilter(lane, kanbanTagIds), wanted)),
          );
          return [lane, mergeNewestFirst(reads)] as const;
        }),
    ),
  ]);
  const { version, tickets: linkedTickets } = await ticketsWithDirectoryVersion(
    companyId,
    linkedIds.flatMap(([, ids]) => ids),
  );
  const mergedOf = new Map<LaneTagId, ListedTicket[]>([
    ...partitionLanes,
    ...linkedIds.map(([lane, ids]) => [lane, linkedLane(lane, ids, linkedTickets, kanbanTagIds, partitions, companyId)] as const),
  ]);
  const pages = lanes.map((lane) => {
    const merged = mergedOf.get(lane) ?? [];
    return { tagId: lane, page: merged.slice(wanted - kanbanPageSize, wanted), hasMore: merged.length > wanted };
  });
  // A ticket on two kanban lanes is joined once; open and pending tickets carry their contact, so
  // with the version already read the join costs no call.
  const unique = new Map<number, ListedTicket>();
  for (const { page } of pages) for (const ticket of page) unique.set(ticket.id, ticket);
  const { tickets } = await relatedPage(companyId, [...unique.values()], { head: Promise.resolve({ version, counters: [] }) });
  const shown = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return {
    lanes: pages.map(({ tagId, page, hasMore }) => ({
      tagId,
      tickets: page.flatMap((ticket) => shown.get(ticket.id) ?? []),
      hasMore,
    })),
  };
}
