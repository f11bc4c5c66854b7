import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { isAdminProfile } from '../../../lib/profile.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { TicketViewer } from '../ticket-list-rules.ts';
import { ShortcutsProvider } from '../keyboard/use-shortcuts.tsx';
import { useLiveTickets } from '../use-live-tickets.ts';
import '../tickets.css';
import { ChatBubblesIcon } from './icons.tsx';
import { TicketChat } from './TicketChat.tsx';
import { TicketsManager } from './TicketsManager.tsx';

function Welcome() {
  return (
    <div className="tickets-welcome" data-testid="tickets-welcome">
      <div className="tickets-welcome__art" aria-hidden="true">
        <ChatBubblesIcon size={56} strokeWidth={1.5} />
      </div>
      <h2>{t('tickets.welcome.title')}</h2>
      <p>{t('tickets.welcome.hint')}</p>
    </div>
  );
}

/**
 * core §2 Tickets page: on wide screens the list takes 4/12 and the chat 8/12; on narrow screens
 * two tabs, Ticket and Atenciones.
 */
export function TicketsPage() {
  const { ticketId } = useParams();
  const { user } = useAuth();
  const narrow = useMediaQuery('(max-width: 899px)');
  const tiny = useMediaQuery('(max-width: 599px)');
  const [narrowTab, setNarrowTab] = useState<'ticket' | 'list'>(ticketId ? 'ticket' : 'list');
  const [seenTicketId, setSeenTicketId] = useState(ticketId);
  if (seenTicketId !== ticketId) {
    setSeenTicketId(ticketId);
    setNarrowTab(ticketId ? 'ticket' : 'list');
  }

  const viewer = useMemo<TicketViewer | undefined>(
    () =>
      user
        ? {
            id: user.id,
            isAdmin: isAdminProfile(user.profile),
            queueIds: (user.queues ?? []).map((queue) => queue.id),
          }
        : undefined,
    [user],
  );
  useLiveTickets(viewer);

  const showList = !narrow || narrowTab === 'list';
  const showChat = !narrow || narrowTab === 'ticket';
  return (
    <ShortcutsProvider>
      <div className={`tickets-page${narrow ? ' tickets-page--narrow' : ''}`}>
        {narrow && (
          <div className="tickets-page__narrow-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              className="tickets-tab"
              aria-selected={narrowTab === 'ticket'}
              onClick={() => setNarrowTab('ticket')}
            >
              {t('tickets.narrowTabs.ticket')}
            </button>
            <button
              type="button"
              role="tab"
              className="tickets-tab"
              aria-selected={narrowTab === 'list'}
              onClick={() => setNarrowTab('list')}
            >
              {t('tickets.narrowTabs.list')}
            </button>
          </div>
        )}
        <section className="tickets-page__list" hidden={!showList} aria-label={t('tickets.narrowTabs.list')}>
          <TicketsManager selected={ticketId} narrow={tiny} onOpened={() => setNarrowTab('ticket')} />
        </section>
        <section
          className="tickets-page__chat"
          hidden={!showChat}
          aria-label={t('tickets.narrowTabs.ticket')}
        >
          {ticketId ? (
            <TicketChat
              key={ticketId}
              idOrUuid={ticketId}
              onBack={narrow ? () => setNarrowTab('list') : undefined}
            />
          ) : (
            <Welcome />
          )}
        </section>
      </div>
    </ShortcutsProvider>
  );
}
