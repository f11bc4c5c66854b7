import { useLayoutEffect, useMemo, useRef } from 'react';
import { Loader, Text } from '@aws-amplify/ui-react';
import { infiniteScrollThresholdPx } from '@atende/shared/constants';
import { t } from '../../../i18n/index.ts';
import { useMessages } from '../api/get-messages.ts';
import type { Message } from '../api/types.ts';
import { withConversationMarkers } from '../conversation-markers.ts';
import { flattenMessages, withDaySeparators } from '../message-rules.ts';
import { MessageBubble } from './MessageBubble.tsx';
import './message-input-extras.css';

interface MessagesListProps {
  ticketId: number;
  /** A closed ticket's conversation ends after its last message. */
  closed?: boolean;
  onReply?(message: Message): void;
  /** Offer "Borrar" on the business's own messages. */
  canDelete?: boolean;
}

/**
 * The conversation (core §2): day separators, notes where the conversation starts and ends, own
 * messages on the right. Starts at the newest
 * message, follows new ones while the reader is at the bottom, and loads older pages when scrolled
 * near the top (core §9), keeping the reader's place.
 */
export function MessagesList({ ticketId, closed = false, onReply, canDelete = false }: MessagesListProps) {
  const query = useMessages(ticketId);
  const boxRef = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const hasOlder = query.hasNextPage;
  const rows = useMemo(
    () => withConversationMarkers(withDaySeparators(messages), { hasOlder, closed }),
    [messages, hasOlder, closed],
  );
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);
  const state = useRef({ pages: 0, lastId: '', atBottom: true, heightBeforeOlder: 0, topBeforeOlder: 0 });

  useLayoutEffect(() => {
    const box = boxRef.current;
    const pages = query.data?.pages.length ?? 0;
    const lastId = messages[messages.length - 1]?.id ?? '';
    const memo = state.current;
    if (!box) return;
    if (pages > memo.pages && memo.pages > 0 && memo.heightBeforeOlder > 0) {
      // An older page went on top: keep the same message under the reader's eyes.
      box.scrollTop = box.scrollHeight - memo.heightBeforeOlder + memo.topBeforeOlder;
      memo.heightBeforeOlder = 0;
    } else if (lastId !== memo.lastId) {
      const mine = messages[messages.length - 1]?.fromMe;
      if (memo.pages === 0 || memo.atBottom || mine) box.scrollTop = box.scrollHeight;
    }
    memo.pages = pages;
    memo.lastId = lastId;
  }, [query.data, messages]);

  const onScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    const memo = state.current;
    memo.atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < infiniteScrollThresholdPx;
    if (box.scrollTop < infiniteScrollThresholdPx && query.hasNextPage && !query.isFetchingNextPage) {
      memo.heightBeforeOlder = box.scrollHeight;
      memo.topBeforeOlder = box.scrollTop;
      void query.fetchNextPage();
    }
  };

  return (
    <div className="messages" ref={boxRef} onScroll={onScroll} data-testid="messages-list">
      {query.isFetchingNextPage && (
        <div className="messages__older">
          <Loader size="small" /> {t('tickets.messages.loadingOlder')}
        </div>
      )}
      {query.isLoading && (
        <div className="messages__loading">
          <Loader size="large" />
        </div>
      )}
      {!query.isLoading && rows.length === 0 && (
        <Text className="messages__empty" color="font.tertiary" textAlign="center">
          {t('tickets.noMessages')}
        </Text>
      )}
      {rows.map((row) =>
        row.kind === 'day' ? (
          <div key={row.key} className="messages__day" role="separator">
            <span>{row.day}</span>
          </div>
        ) : row.kind === 'start' || row.kind === 'end' ? (
          <div
            key={row.key}
            className="messages__marker"
            role="note"
            data-testid={`conversation-${row.kind}`}
          >
            {t(row.kind === 'start' ? 'tickets.conversation.start' : 'tickets.conversation.end')}
          </div>
        ) : (
          <MessageBubble
            key={row.key}
            message={row.message}
            quoted={row.message.quotedMsgId ? byId.get(row.message.quotedMsgId) : undefined}
            onReply={onReply}
            canDelete={canDelete}
          />
        ),
      )}
    </div>
  );
}
