import { useDraggable } from '@dnd-kit/core';
import { Button } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { WhatsAppText } from '../../../components/WhatsAppText.tsx';
import { t } from '../../../i18n/index.ts';
import type { KanbanCard } from '../board.ts';
import { laneKey } from '../board.ts';

/** What a drag carries: the ticket and the lane it leaves. */
export interface CardDragData {
  ticketId: number;
  fromTagId: number | null;
  name: string;
}

/** The card's face: contact name and number, last message, and the button to the ticket (extended §2.17). */
export function KanbanCardFace({ card, onOpen }: { card: KanbanCard; onOpen?: () => void }) {
  const name = card.contact?.name ?? t('kanban.noContact');
  return (
    <>
      <span className="kanban-card__name">{name}</span>
      {card.contact?.number && <span className="kanban-card__number">{card.contact.number}</span>}
      <span className="kanban-card__message">
        {card.lastMessage ? <WhatsAppText text={card.lastMessage} /> : t('kanban.noMessage')}
      </span>
      <Button
        size="small"
        variation="link"
        className="kanban-card__open"
        onClick={onOpen}
        aria-label={t('kanban.openTicketOf', { name })}
      >
        {t('kanban.openTicket')}
      </Button>
    </>
  );
}

/**
 * A draggable card: the whole card is the handle (a short press-and-move with a pointer, or
 * space / Enter when it has the focus); the button inside opens the ticket and never starts a drag.
 */
export function KanbanCardView({ card, tagId }: { card: KanbanCard; tagId: number | null }) {
  const navigate = useNavigate();
  const data: CardDragData = {
    ticketId: card.id,
    fromTagId: tagId,
    name: card.contact?.name ?? t('kanban.noContact'),
  };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `${laneKey(tagId)}:${card.id}`,
    data,
  });
  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      className={isDragging ? 'kanban-card kanban-card--dragging' : 'kanban-card'}
      data-testid={`kanban-card-${card.id}`}
      data-ticket-id={card.id}
      {...attributes}
      {...listeners}
    >
      <KanbanCardFace card={card} onOpen={() => navigate(`/tickets/${card.uuid}`)} />
    </li>
  );
}
