import { Loader, Text } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { t } from '../../../i18n/index.ts';
import { isNearBottom } from '../../../lib/scroll.ts';
import type { Ticket, TicketsPage } from '../api/types.ts';
import { ChatBubblesIcon } from './icons.tsx';
import { TicketListItem } from './TicketListItem.tsx';

export interface TicketListProps {
  query: UseInfiniteQueryResult<InfiniteData<TicketsPage>>;
  emptyText: string;
  selected: string | undefined;
  narrow: boolean;
  canPeek: boolean;
  acceptingId: number | undefined;
  onOpen(ticket: Ticket): void;
  onAccept(ticket: Ticket): void;
  onPeek(ticket: Ticket): void;
  /** Search words to mark in each ticket's last message. */
  highlight?: readonly string[];
}

/** One tab's tickets, loading the next page within 100 px of the bottom while hasMore (core §9). */
export function TicketList({ query, emptyText, selected, narrow, canPeek, acceptingId, onOpen, onAccept, onPeek, highlight }: TicketListProps) {
  const tickets = query.data?.pages.flatMap((page) => page.tickets) ?? [];
  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    if (query.hasNextPage && !query.isFetchingNextPage && isNearBottom(event.currentTarget)) void query.fetchNextPage();
  };
  return (
    <div className="ticket-list" onScroll={onScroll}>
      {tickets.length > 0 && (
        <ul className="ticket-list__items" aria-label={t('tickets.listLabel')}>
          {tickets.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              ticket={ticket}
              selected={selected === String(ticket.id) || selected === ticket.uuid}
              narrow={narrow}
              canPeek={canPeek}
              accepting={acceptingId === ticket.id}
              onOpen={onOpen}
              onAccept={onAccept}
              onPeek={onPeek}
              highlight={highlight}
            />
          ))}
        </ul>
      )}
      {(query.isLoading || query.isFetchingNextPage) && (
        <div className="ticket-list__loader">
          <Loader size="large" />
        </div>
      )}
      {!query.isLoading && tickets.length === 0 && (
        <div className="ticket-list__empty">
          <ChatBubblesIcon size={28} />
          <Text color="font.tertiary" textAlign="center">
            {query.isError ? t('tickets.loadError') : emptyText}
          </Text>
        </div>
      )}
    </div>
  );
}
