import { Button, Loader } from '@aws-amplify/ui-react';
import { PlusIcon } from '../../../components/icons/feature-icons.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { formatListTime } from '../../tickets/ticket-format.ts';
import type { Chat } from '../api/types.ts';
import { unreadsOf } from '../chat-rules.ts';

interface ChatListProps {
  chats: Chat[];
  viewerId: number;
  selectedId?: number;
  isLoading: boolean;
  hasMore: boolean;
  onMore(): void;
  onOpen(chat: Chat): void;
  onNew(): void;
}

/** Infinite scroll: the next page loads within 100 px of the bottom (extended §9). */
const nearBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= 100;

/** extended §2.8: the viewer's chats, latest first, with the 'new message' button. */
export function ChatList({
  chats,
  viewerId,
  selectedId,
  isLoading,
  hasMore,
  onMore,
  onOpen,
  onNew,
}: ChatListProps) {
  return (
    <div className="chat-list">
      <div className="chat-list__head">
        <Button size="small" variation="primary" onClick={onNew} data-testid="chat-new">
          <PlusIcon /> {t('chats.new')}
        </Button>
      </div>
      <ul
        className="chat-list__items"
        data-testid="chat-list"
        onScroll={(event) => {
          if (hasMore && nearBottom(event.currentTarget)) onMore();
        }}
      >
        {isLoading && (
          <li className="chat-list__empty">
            <Loader size="small" />
          </li>
        )}
        {!isLoading && chats.length === 0 && <li className="chat-list__empty">{t('chats.empty')}</li>}
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, viewerId);
          return (
            <li key={chat.id}>
              <button
                type="button"
                className={`chat-list__item${chat.id === selectedId ? ' chat-list__item--selected' : ''}`}
                aria-current={chat.id === selectedId ? 'true' : undefined}
                data-chat-id={chat.id}
                onClick={() => onOpen(chat)}
              >
                <span className="list-line__text">
                  <span className="list-line__title">{chat.title}</span>
                  <span className="list-line__preview">{chat.lastMessage}</span>
                </span>
                <span className="list-line__meta">
                  <span className="list-line__time">
                    {chat.updatedAt ? formatListTime(chat.updatedAt) : ''}
                  </span>
                  {unreads > 0 && (
                    <span
                      className="list-line__unread"
                      data-testid="chat-unread"
                      aria-label={tCount('chats.unread', unreads)}
                    >
                      {unreads}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
