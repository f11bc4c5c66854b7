import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { chatLimits } from '@atende/shared/entities/chat';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { EditIcon, TrashIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { formatListTime } from '../../tickets/ticket-format.ts';
import { SendIcon } from '../../tickets/components/icons.tsx';
import { markChatRead, sendChatMessage } from '../api/chat-mutations.ts';
import { chatsQueryKeys } from '../api/chats-query-keys.ts';
import { useChatMessages } from '../api/get-chat-messages.ts';
import type { Chat, ChatMessagesPage } from '../api/types.ts';
import { appendChatMessage, conversationOf, isSendable, nearHistoryTop, unreadsOf } from '../chat-rules.ts';
import { IconButton } from '../../../components/IconButton.tsx';

interface ChatConversationProps {
  chat: Chat;
  viewerId: number;
  onEdit(): void;
  onDelete(): void;
}

/**
 * Keeps the open chat read (extended §2.8): whenever it shows unread messages for the viewer
 * (on opening, or a message arriving while open) the server clears the count. One call at a time.
 */
function useReadWhileOpen(chatId: number, viewerId: number, unreads: number) {
  const running = useRef(false);
  useEffect(() => {
    if (unreads === 0 || running.current) return;
    running.current = true;
    // A failure leaves the count; the next message tries again (load failures are silent, §8).
    void markChatRead(chatId, viewerId)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, [chatId, viewerId, unreads]);
}

/**
 * extended §2.8: the open conversation. History pages from the top (older messages load within
 * 600 px of it, keeping what is in view in place); Enter sends (Shift+Enter is a new line); blank
 * messages are not sent; only the owner sees edit and delete.
 */
export function ChatConversation({ chat, viewerId, onEdit, onDelete }: ChatConversationProps) {
  const queryClient = useQueryClient();
  const messages = useChatMessages(chat.id);
  const list = conversationOf(messages.data);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: number; last?: number; height: number; top: number }>({ height: 0, top: 0 });
  useReadWhileOpen(chat.id, viewerId, unreadsOf(chat, viewerId));

  // A new last message scrolls to the bottom; older ones added above keep the view where it was.
  const firstId = list[0]?.id;
  const lastId = list[list.length - 1]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = seen.current;
    if (lastId !== before.last) element.scrollTop = element.scrollHeight;
    else if (firstId !== before.first) element.scrollTop = element.scrollHeight - before.height + before.top;
    seen.current = { first: firstId, last: lastId, height: element.scrollHeight, top: element.scrollTop };
  }, [firstId, lastId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    seen.current = { ...seen.current, height: element.scrollHeight, top: element.scrollTop };
    if (nearHistoryTop(element.scrollTop) && messages.hasNextPage && !messages.isFetchingNextPage)
      void messages.fetchNextPage();
  };

  const send = async () => {
    if (!isSendable(text) || sending) return;
    setSending(true);
    try {
      const sent = await sendChatMessage(chat.id, text.trim());
      setText('');
      queryClient.setQueryData<InfiniteData<ChatMessagesPage, number>>(
        chatsQueryKeys.messages(chat.id),
        (current) => appendChatMessage(current, sent),
      );
    } catch {
      // extended §8: send failures are silent; the text stays to try again.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <header className="chat-conversation__head">
        <h2 className="chat-conversation__title">{chat.title}</h2>
        {chat.ownerId === viewerId && (
          <div className="chat-conversation__actions">
            <IconButton label={t('chats.edit')} onClick={onEdit}>
              <EditIcon />
            </IconButton>
            <IconButton label={t('chats.delete')} onClick={onDelete}>
              <TrashIcon />
            </IconButton>
          </div>
        )}
      </header>
      <div
        className="chat-conversation__messages"
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-messages"
      >
        {messages.isFetchingNextPage && (
          <div className="chat-conversation__loading" aria-label={t('chats.loadingOlder')}>
            <Loader size="small" />
          </div>
        )}
        {messages.isLoading && <Loader size="small" />}
        {!messages.isLoading && list.length === 0 && (
          <p className="chat-conversation__empty">{t('chats.noMessages')}</p>
        )}
        {list.map((message) => {
          const mine = message.senderId === viewerId;
          return (
            <div
              key={message.id}
              className={`chat-message${mine ? ' chat-message--mine' : ''}`}
              data-testid="chat-message"
            >
              {!mine && <span className="chat-message__sender">{message.sender?.name}</span>}
              <span className="chat-message__text">{message.message}</span>
              <span className="chat-message__time">{formatListTime(message.createdAt)}</span>
            </div>
          );
        })}
      </div>
      <div className="chat-conversation__input">
        <textarea
          aria-label={t('chats.inputPlaceholder')}
          placeholder={t('chats.inputPlaceholder')}
          rows={1}
          value={text}
          maxLength={chatLimits.messageMax}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <Button
          variation="primary"
          size="small"
          ariaLabel={t('chats.send')}
          title={t('chats.send')}
          isDisabled={!isSendable(text) || sending}
          onClick={() => void send()}
        >
          <SendIcon />
        </Button>
      </div>
    </div>
  );
}
