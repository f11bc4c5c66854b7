import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Loader } from '@aws-amplify/ui-react';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import { t } from '../../../i18n/index.ts';
import { formatListTime, plainPreview } from '../../tickets/ticket-format.ts';
import { askBrowserNotifications, browserNotificationState } from '../notification-alert.ts';
import { useNotifications } from '../use-notifications.ts';
import '../notifications.css';

function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The top bar's notifications popover (core §2 Layout): a bell with the number of tickets that
 * have unread messages; the panel lists them and a click opens the ticket. It also offers to turn
 * on the browser's own notifications while they are neither allowed nor refused.
 */
export function NotificationsPopover({ viewerId }: { viewerId: number }) {
  const { tickets, isLoading } = useNotifications(viewerId, true);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(browserNotificationState);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = tickets.length;
  const label = count > 0 ? t('notifications.labelCount', { count }) : t('notifications.label');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="app-popover notifications" ref={rootRef}>
      <Button
        variation="link"
        size="small"
        className="icon-button notifications__trigger"
        ariaLabel={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          setPermission(browserNotificationState());
        }}
        data-testid="notifications-button"
      >
        <BellIcon />
        {count > 0 && (
          <span className="notifications__badge" data-testid="notifications-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
      {open && (
        <div
          id={panelId}
          className="app-popover__panel app-popover__panel--end notifications__panel"
          role="dialog"
          aria-label={t('notifications.title')}
        >
          <div className="notifications__title">{t('notifications.title')}</div>
          {isLoading ? (
            <div className="notifications__empty">
              <Loader size="small" />
            </div>
          ) : count === 0 ? (
            <div className="notifications__empty">{t('notifications.empty')}</div>
          ) : (
            <ul className="notifications__list" data-testid="notifications-list">
              {tickets.map((ticket) => {
                const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
                return (
                  <li key={ticket.id}>
                    <button
                      type="button"
                      className="notifications__item"
                      data-ticket-id={ticket.id}
                      onClick={() => {
                        setOpen(false);
                        void navigate(`/tickets/${ticket.uuid}`);
                      }}
                    >
                      <ContactAvatar name={name} url={ticket.contact?.profilePicUrl} size={36} />
                      <span className="notifications__text">
                        <span className="notifications__name">{name}</span>
                        <span className="notifications__preview">{plainPreview(ticket.lastMessage)}</span>
                      </span>
                      <span className="notifications__meta">
                        <span className="notifications__time">
                          {formatListTime(ticket.lastMessageAt ?? ticket.updatedAt)}
                        </span>
                        <span
                          className="notifications__unread"
                          aria-label={t('notifications.unread', { count: ticket.unreadMessages ?? 0 })}
                        >
                          {ticket.unreadMessages ?? 0}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {permission === 'default' && (
            <Button
              size="small"
              variation="link"
              className="notifications__enable"
              onClick={() => void askBrowserNotifications().then(setPermission)}
            >
              {t('notifications.enable')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
