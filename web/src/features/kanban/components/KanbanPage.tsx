import { useMemo, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Alert, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { getKanbanLanePage, useKanbanBoard } from '../api/get-kanban-board.ts';
import { useKanbanTags } from '../api/get-kanban-tags.ts';
import { kanbanQueryKeys } from '../api/kanban-query-keys.ts';
import { useMoveCard } from '../api/move-card.ts';
import { appendLanePage, laneKey, tagIdOfLaneKey, type KanbanBoard, type KanbanCard } from '../board.ts';
import { laneKeyboardCoordinates } from '../keyboard-lanes.ts';
import { useKanbanLive } from '../use-kanban-live.ts';
import '../kanban.css';
import type { CardDragData } from './KanbanCardView.tsx';
import { KanbanCardFace } from './KanbanCardView.tsx';
import { KanbanLaneView } from './KanbanLaneView.tsx';
import { planRefused, useNoPermissionRedirect, usePlanAllows } from '../../../lib/use-plan-gate.ts';
import { ScreenPage } from '../../../components/ScreenPage.tsx';

/**
 * extended §2.17 Kanban: Creados, then one lane per kanban tag; dragging a card (pointer or
 * keyboard) moves the ticket's lane tag in one server call; others' moves arrive live.
 */
export function KanbanPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const allowed = usePlanAllows('useKanban');
  const queueIds = useMemo(() => (user?.queues ?? []).map((queue) => queue.id), [user]);
  const tags = useKanbanTags(allowed);
  const board = useKanbanBoard(queueIds, allowed);
  const laneTags = useMemo(() => tags.data ?? [], [tags.data]);
  const move = useMoveCard(queueIds, laneTags);
  const [dragged, setDragged] = useState<KanbanCard | undefined>(undefined);
  const [loadingLane, setLoadingLane] = useState<string | undefined>(undefined);
  useKanbanLive(queueIds, laneTags);
  useNoPermissionRedirect(
    !allowed || planRefused(board.error) || planRefused(tags.error),
    'kanban.noPermission',
  );

  const sensors = useSensors(
    // A press that moves 5 px starts a drag; a click stays a click (the card's button).
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const titleOf = (tagId: number | null) =>
    tagId === null ? t('kanban.creados') : (laneTags.find((tag) => tag.id === tagId)?.name ?? '—');
  const laneTitleOfKey = (key: string | number | undefined) =>
    key === undefined ? '' : titleOf(tagIdOfLaneKey(String(key)));
  const nameOf = (data: unknown) => (data as CardDragData | undefined)?.name ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('kanban.dnd.start', {
        name: nameOf(active.data.current),
        lane: titleOf((active.data.current as CardDragData).fromTagId),
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('kanban.dnd.over', { name: nameOf(active.data.current), lane: laneTitleOfKey(over.id) })
        : t('kanban.dnd.outside', { name: nameOf(active.data.current) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('kanban.dnd.end', { name: nameOf(active.data.current), lane: laneTitleOfKey(over.id) })
        : t('kanban.dnd.cancel', { name: nameOf(active.data.current) }),
    onDragCancel: ({ active }) => t('kanban.dnd.cancel', { name: nameOf(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as CardDragData | undefined;
    setDragged(board.data?.lanes.flatMap((lane) => lane.tickets).find((card) => card.id === data?.ticketId));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    const data = active.data.current as CardDragData | undefined;
    if (!data || !over) return;
    const toTagId = tagIdOfLaneKey(String(over.id));
    if (toTagId === data.fromTagId) return;
    move.mutate(
      { ticketId: data.ticketId, fromTagId: data.fromTagId, toTagId },
      {
        // extended §8: the old lane's tag removed, the new one added (both on a lane-to-lane move).
        onSuccess: () => {
          if (data.fromTagId !== null) toast.success(t('kanban.tagRemoved'));
          if (toTagId !== null) toast.success(t('kanban.tagAdded'));
        },
        onError: (error) =>
          error instanceof ApiError && error.status === 409
            ? toast.error(t('kanban.moveFailed'))
            : toastError(error),
      },
    );
  };

  const loadMore = async (tagId: number | null, pages: number) => {
    setLoadingLane(laneKey(tagId));
    try {
      const page = await getKanbanLanePage(queueIds, tagId, pages + 1);
      queryClient.setQueryData<KanbanBoard>(kanbanQueryKeys.board(queueIds), (current) =>
        current ? appendLanePage(current, tagId, page) : current,
      );
    } catch (error) {
      toastError(error);
    } finally {
      setLoadingLane(undefined);
    }
  };

  return (
    <ScreenPage titleKey="kanban.title" className="kanban-page">
      <Text fontSize="small" color="font.tertiary" data-testid="kanban-help">
        {t('kanban.creadosHelp')}
      </Text>
      {allowed && (board.isPending || tags.isPending) && <Loader size="large" />}
      {board.isError && !planRefused(board.error) && <Alert variation="error">{t('kanban.loadError')}</Alert>}
      {board.data && tags.data && (
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(undefined)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('kanban.dnd.instructions') },
          }}
        >
          <div
            className="kanban-board"
            role="group"
            aria-label={t('kanban.board')}
            data-testid="kanban-board"
          >
            {board.data.lanes.map((lane) => (
              <KanbanLaneView
                key={laneKey(lane.tagId)}
                lane={lane}
                title={titleOf(lane.tagId)}
                colour={laneTags.find((tag) => tag.id === lane.tagId)?.color}
                loadingMore={loadingLane === laneKey(lane.tagId)}
                onLoadMore={() => void loadMore(lane.tagId, lane.pages)}
              />
            ))}
          </div>
          <DragOverlay>
            {dragged ? (
              <div className="kanban-card kanban-card--overlay">
                <KanbanCardFace card={dragged} />
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
    </ScreenPage>
  );
}
