import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { KanbanBoard, KanbanCard } from '../board.ts';
import { laneKey } from '../board.ts';
import { kanbanQueryKeys } from './kanban-query-keys.ts';

interface LaneAnswer {
  tagId: number | null;
  tickets: KanbanCard[];
  hasMore: boolean;
}

/** GET /ticket/kanban?queueIds=[…]: the first page of every lane. */
export async function getKanbanBoard(
  queueIds: readonly number[],
  signal?: AbortSignal,
): Promise<KanbanBoard> {
  const answer = await api.get<{ lanes?: LaneAnswer[] }>(
    '/ticket/kanban',
    { queueIds: JSON.stringify(queueIds) },
    signal,
  );
  return { lanes: (answer?.lanes ?? []).map((lane) => ({ ...lane, pages: 1 })) };
}

/** GET /ticket/kanban?lane=…&pageNumber=…: one more page of one lane (scrolling). */
export async function getKanbanLanePage(
  queueIds: readonly number[],
  tagId: number | null,
  pageNumber: number,
): Promise<{ tickets: KanbanCard[]; hasMore: boolean }> {
  const answer = await api.get<{ lanes?: LaneAnswer[] }>('/ticket/kanban', {
    queueIds: JSON.stringify(queueIds),
    lane: laneKey(tagId),
    pageNumber,
  });
  const lane = answer?.lanes?.[0];
  return { tickets: lane?.tickets ?? [], hasMore: lane?.hasMore ?? false };
}

export function kanbanBoardQueryOptions(queueIds: readonly number[]) {
  return queryOptions({
    queryKey: kanbanQueryKeys.board(queueIds),
    queryFn: ({ signal }) => getKanbanBoard(queueIds, signal),
  });
}

export function useKanbanBoard(queueIds: readonly number[], enabled: boolean) {
  return useQuery({ ...kanbanBoardQueryOptions(queueIds), enabled });
}
