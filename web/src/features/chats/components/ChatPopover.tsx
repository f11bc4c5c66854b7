import { useNavigate } from 'react-router-dom';
import { CountBadge, Popover, PopoverList } from '../../../components/Popover.tsx';
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
      list
      testId="chat-popover-button"
      trigger={
        <>
          <ChatBubblesIcon />
          <CountBadge count={count} testId="chat-popover-badge" />
        </>
      }
    >
      {(close) => (
        <PopoverList
          title={t('chats.popover.label')}
          isLoading={chats.isLoading}
          isEmpty={list.length === 0}
          empty={t('chats.popover.empty')}
          testId="chat-popover-list"
        >
          {list.map((chat) => {
            const unreads = unreadsOf(chat, viewerId);
            return (
              <li key={chat.id}>
                <button
                  type="button"
                  className="app-popover__item chat-popover__item"
                  onClick={() => {
                    close();
                    void navigate(`/chats/${chat.uuid}`);
                  }}
                >
                  <span className="list-line__text">
                    <span className="list-line__title">{chat.title}</span>
                    <span className="list-line__preview">{chat.lastMessage}</span>
                  </span>
                  <span className="list-line__meta">
                    <span className="list-line__time">{formatListTime(chat.updatedAt)}</span>
                    {unreads > 0 && <span className="list-line__unread">{unreads}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </PopoverList>
      )}
    </Popover>
  );
}
