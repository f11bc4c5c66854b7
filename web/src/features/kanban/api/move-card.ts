import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moveCard, type KanbanBoard, type KanbanTagRef } from '../board.ts';
import { kanbanQueryKeys } from './kanban-query-keys.ts';

export interface CardMove {
  ticketId: number;
  fromTagId: number | null;
  toTagId: number | null;
}

/**
 * POST /ticket-tags/{ticketId}/move: the old lane's tag off and the new one on in one transaction
 * (docs/decisions.md, "Kanban"), rather than the spec's DELETE then PUT, which could leave a
 * ticket on no lane or drop its other tags.
 */
export function postCardMove(move: CardMove): Promise<unknown> {
  return api.post(`/ticket-tags/${move.ticketId}/move`, { fromTagId: move.fromTagId, toTagId: move.toTagId });
}

/**
 * The card moves on screen at once; a refused move (someone moved it first: 409) reloads the
 * board. Either way the ticket lists and tag counts reload.
 */
export function useMoveCard(queueIds: readonly number[], tags: readonly KanbanTagRef[]) {
  const queryClient = useQueryClient();
  const key = kanbanQueryKeys.board(queueIds);
  return useMutation({
    mutationFn: postCardMove,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<KanbanBoard>(key);
      if (before) queryClient.setQueryData<KanbanBoard>(key, moveCard(before, move, tags));
      return { before };
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['tags'] }),
      ]),
  });
}
