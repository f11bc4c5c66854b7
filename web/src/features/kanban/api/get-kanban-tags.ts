import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { KanbanTagRef } from '../board.ts';
import { kanbanQueryKeys } from './kanban-query-keys.ts';

/** GET /tags/kanban → `{ lista }`: the kanban tags, the board's lanes after Creados, in name order. */
export async function getKanbanTags(signal?: AbortSignal): Promise<KanbanTagRef[]> {
  const answer = await api.get<{ lista?: KanbanTagRef[] }>('/tags/kanban', undefined, signal);
  return Array.isArray(answer?.lista) ? answer.lista : [];
}

export const kanbanTagsQueryOptions = queryOptions({
  queryKey: kanbanQueryKeys.tags(),
  queryFn: ({ signal }) => getKanbanTags(signal),
});

export function useKanbanTags(enabled: boolean) {
  return useQuery({ ...kanbanTagsQueryOptions, enabled });
}
