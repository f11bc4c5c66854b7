import { useDroppable } from '@dnd-kit/core';
import { Button, Loader } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import type { KanbanLane } from '../board.ts';
import { laneKey } from '../board.ts';
import { KanbanCardView } from './KanbanCardView.tsx';

interface KanbanLaneViewProps {
  lane: KanbanLane;
  title: string;
  colour?: string;
  loadingMore: boolean;
  onLoadMore(): void;
}

/** One lane: its title and count, its cards, and the next page when scrolled to its end (or asked). */
export function KanbanLaneView({ lane, title, colour, loadingMore, onLoadMore }: KanbanLaneViewProps) {
  const { setNodeRef, isOver } = useDroppable({
    id: laneKey(lane.tagId),
    data: { tagId: lane.tagId, title },
  });
  const more = () => {
    if (lane.hasMore && !loadingMore) onLoadMore();
  };
  return (
    <section
      ref={setNodeRef}
      className={isOver ? 'kanban-lane kanban-lane--over' : 'kanban-lane'}
      aria-label={title}
      data-testid={`kanban-lane-${laneKey(lane.tagId)}`}
    >
      <header className="kanban-lane__header" style={colour ? { borderTopColor: colour } : undefined}>
        <span className="kanban-lane__title">{title}</span>
        <span className="kanban-lane__count">
          {lane.tickets.length}
          {lane.hasMore ? '+' : ''}
        </span>
      </header>
      <ul className="kanban-lane__cards" onScroll={(event) => isNearBottom(event.currentTarget) && more()}>
        {lane.tickets.length === 0 && <li className="kanban-lane__empty">{t('kanban.empty')}</li>}
        {lane.tickets.map((card) => (
          <KanbanCardView key={card.id} card={card} tagId={lane.tagId} />
        ))}
        {lane.hasMore && (
          <li className="kanban-lane__more">
            {loadingMore ? (
              <Loader />
            ) : (
              <Button size="small" onClick={more}>
                {t('kanban.loadMore')}
              </Button>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}
