import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { t } from '../../../i18n/index.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useDeleteChat } from '../api/chat-mutations.ts';
import { useChats } from '../api/get-chats.ts';
import type { Chat } from '../api/types.ts';
import { useLiveChats } from '../use-live-chats.ts';
import '../chats.css';
import { ChatConversation } from './ChatConversation.tsx';
import { ChatDialog } from './ChatDialog.tsx';
import { ChatList } from './ChatList.tsx';

/**
 * extended §2.8 (/chats, /chats/:id with the chat's uuid): on wide screens the list and the open
 * conversation side by side; on narrow screens two tabs, 'Chats' and 'Mensajes'.
 */
export function ChatsPage({ viewerId }: { viewerId: number }) {
  const { id: uuid } = useParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 899px)');
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  // A chat opened from elsewhere (the top-bar popover) shows its conversation on narrow screens too.
  const [seenUuid, setSeenUuid] = useState(uuid);
  if (seenUuid !== uuid) {
    setSeenUuid(uuid);
    setTab(uuid ? 'messages' : 'chats');
  }
  const [dialog, setDialog] = useState<{ chat?: Chat } | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Chat | undefined>(undefined);
  const chats = useChats();
  const remove = useDeleteChat();
  useLiveChats();

  const all = chats.data?.pages.flatMap((page) => page.records) ?? [];
  const open = uuid ? all.find((chat) => chat.uuid === uuid) : undefined;
  // A chat linked by its uuid may sit on a page not loaded yet.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = chats;
  useEffect(() => {
    if (uuid && !open && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [uuid, open, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const openChat = (chat: Chat) => {
    setTab('messages');
    void navigate(`/chats/${chat.uuid}`);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      if (toDelete.uuid === uuid) void navigate('/chats');
    } catch {
      // extended §8: chat delete failures are silent.
    } finally {
      setToDelete(undefined);
    }
  };

  const showList = !narrow || tab === 'chats';
  const showConversation = !narrow || tab === 'messages';
  return (
    <div className={`chats-page${narrow ? ' chats-page--narrow' : ''}`} data-testid="chats-page">
      {narrow && (
        <div className="chats-page__tabs" role="tablist">
          <button
            type="button"
            role="tab"
            className="chats-tab"
            aria-selected={tab === 'chats'}
            onClick={() => setTab('chats')}
          >
            {t('chats.tabChats')}
          </button>
          <button
            type="button"
            role="tab"
            className="chats-tab"
            aria-selected={tab === 'messages'}
            onClick={() => setTab('messages')}
          >
            {t('chats.tabMessages')}
          </button>
        </div>
      )}
      <section className="chats-page__list" hidden={!showList} aria-label={t('chats.tabChats')}>
        <ChatList
          chats={all}
          viewerId={viewerId}
          selectedId={open?.id}
          isLoading={chats.isLoading}
          hasMore={!!chats.hasNextPage}
          onMore={() => {
            if (!chats.isFetchingNextPage) void chats.fetchNextPage();
          }}
          onOpen={openChat}
          onNew={() => setDialog({})}
        />
      </section>
      <section
        className="chats-page__conversation"
        hidden={!showConversation}
        aria-label={t('chats.tabMessages')}
      >
        {open ? (
          <ChatConversation
            key={open.id}
            chat={open}
            viewerId={viewerId}
            onEdit={() => setDialog({ chat: open })}
            onDelete={() => setToDelete(open)}
          />
        ) : (
          <p className="chats-page__choose">{t('chats.choose')}</p>
        )}
      </section>
      {dialog && (
        <ChatDialog
          chat={dialog.chat}
          viewerId={viewerId}
          onClose={() => setDialog(undefined)}
          onSaved={(saved) => {
            if (!dialog.chat) openChat(saved);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={toDelete?.title}
        isLoading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(undefined)}
      />
    </div>
  );
}
