import { useNavigate } from 'react-router-dom';
import { Loader } from '@aws-amplify/ui-react';
import { Popover } from '../../../components/Popover.tsx';
import { t, tCount } from '../../../i18n/index.ts';
import { formatListTime } from '../../tickets/ticket-format.ts';
import { ChatBubblesIcon } from '../../tickets/components/icons.tsx';
import { useChats } from '../api/get-chats.ts';
import { totalUnreads, unreadsOf } from '../chat-rules.ts';
import { useLiveChats } from '../use-live-chats.ts';
import '../chats.css';

/**
 * core §2 Layout: the top bar's internal chat popover: the viewer's unread messages over their
 * latest chats, kept current by the live `chat` events; a click opens the chat.
 */
export function ChatPopover({ viewerId }: { viewerId: number }) {
  const chats = useChats();
  useLiveChats();
  const navigate = useNavigate();
  const list = chats.data?.pages[0]?.records ?? [];
  const count = totalUnreads(chats.data?.pages.flatMap((page) => page.records) ?? [], viewerId);
  return (
    <Popover
      label={count > 0 ? tCount('chats.popover.labelCount', count) : t('chats.popover.label')}
      panelLabel={t('chats.popover.label')}
      block="chat-popover"
      testId="chat-popover-button"
      trigger={
        <>
          <ChatBubblesIcon />
          {count > 0 && (
            <span className="chat-popover__badge" data-testid="chat-popover-badge" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          <div className="chat-popover__title">{t('chats.popover.label')}</div>
          {chats.isLoading ? (
            <div className="chat-popover__empty">
              <Loader size="small" />
            </div>
          ) : list.length === 0 ? (
            <div className="chat-popover__empty">{t('chats.popover.empty')}</div>
          ) : (
            <ul className="chat-popover__list" data-testid="chat-popover-list">
              {list.map((chat) => {
                const unreads = unreadsOf(chat, viewerId);
                return (
                  <li key={chat.id}>
                    <button
                      type="button"
                      className="chat-popover__item"
                      onClick={() => {
                        close();
                        void navigate(`/chats/${chat.uuid}`);
                      }}
                    >
                      <span className="chat-list__text">
                        <span className="chat-list__title">{chat.title}</span>
                        <span className="chat-list__preview">{chat.lastMessage}</span>
                      </span>
                      <span className="chat-list__meta">
                        <span className="chat-list__time">{formatListTime(chat.updatedAt)}</span>
                        {unreads > 0 && <span className="chat-list__unread">{unreads}</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Popover>
  );
}
