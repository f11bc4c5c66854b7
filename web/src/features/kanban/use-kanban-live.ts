import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { parseTicketEvent } from '../tickets/ticket-list-rules.ts';
import { kanbanQueryKeys } from './api/kanban-query-keys.ts';
import {
  boardHasCard,
  placeCard,
  removeCard,
  type KanbanBoard,
  type KanbanCard,
  type KanbanTagRef,
} from './board.ts';

/** A ticket the board does not show yet reloads it, at most once a second (new tickets arrive in bursts). */
const reloadDelayMs = 1000;

/**
 * Keeps the board current (extended §4 Live updates): a `ticket` event moves the card to the
 * lanes its tags say (a move by someone else, a closed ticket leaving); a ticket the board does
 * not show reloads it, since only the server knows whether the viewer's lists hold it. A `tag`
 * event that adds, renames or removes a lane reloads the lanes.
 */
export function useKanbanLive(queueIds: readonly number[], lanes: readonly KanbanTagRef[]): void {
  const queryClient = useQueryClient();
  const key = kanbanQueryKeys.board(queueIds);
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);

  const reloadSoon = () => {
    if (reload.current !== undefined) return;
    reload.current = setTimeout(() => {
      reload.current = undefined;
      void queryClient.invalidateQueries({ queryKey: key });
    }, reloadDelayMs);
  };

  useLiveEvent('ticket', (data) => {
    const event = parseTicketEvent(data);
    const board = queryClient.getQueryData<KanbanBoard>(key);
    if (!event || !board) return;
    if (event.action === 'delete') {
      queryClient.setQueryData<KanbanBoard>(key, removeCard(board, event.ticketId));
      return;
    }
    const card = event.ticket as unknown as KanbanCard;
    if (boardHasCard(board, card.id)) {
      queryClient.setQueryData<KanbanBoard>(
        key,
        placeCard(
          board,
          card,
          lanes.map((tag) => tag.id),
        ),
      );
    } else if (card.status === 'open' || card.status === 'pending') {
      reloadSoon();
    }
  });

  useLiveEvent('tag', (data) => {
    if (!data || typeof data !== 'object') return;
    const event = data as { action?: string; tag?: KanbanTagRef; tagId?: number };
    const id = event.tag?.id ?? event.tagId;
    const shown = lanes.find((tag) => tag.id === id);
    const isLane = event.action !== 'delete' && event.tag?.kanban === 1;
    const changed = shown
      ? !isLane || shown.name !== event.tag?.name || shown.color !== event.tag?.color
      : isLane;
    if (!changed) return;
    void queryClient.invalidateQueries({ queryKey: kanbanQueryKeys.tags() });
    void queryClient.invalidateQueries({ queryKey: key });
  });
}
