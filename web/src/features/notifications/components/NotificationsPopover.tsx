import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Loader } from '@aws-amplify/ui-react';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import { BellIcon } from '../../../components/icons/icons.tsx';
import { Popover } from '../../../components/Popover.tsx';
import { webhookLimits } from '@atende/shared/entities/webhook-limits';
import { t, tCount } from '../../../i18n/index.ts';
import { useDisabledWebhookNotices } from '../../webhooks/webhook-notices.ts';
import { formatListTime, plainPreview } from '../../tickets/ticket-format.ts';
import { askBrowserNotifications, browserNotificationState } from '../notification-alert.ts';
import { useNotifications } from '../use-notifications.ts';
import '../notifications.css';

/**
 * The top bar's notifications popover (core §2 Layout): a bell with the number of tickets that
 * have unread messages; the panel lists them and a click opens the ticket. It also offers to turn
 * on the browser's own notifications while they are neither allowed nor refused. Admins also see
 * the webhooks the platform disabled for failing (docs/decisions.md, "A webhook failing for days
 * is disabled"); a click opens the webhooks screen.
 */
export function NotificationsPopover({ viewerId, isAdmin = false }: { viewerId: number; isAdmin?: boolean }) {
  const { tickets, isLoading } = useNotifications(viewerId, true);
  const disabledWebhooks = useDisabledWebhookNotices(isAdmin);
  const navigate = useNavigate();
  const [permission, setPermission] = useState(browserNotificationState);
  const count = tickets.length + disabledWebhooks.length;
  const label = tickets.length > 0 ? tCount('notifications.labelCount', tickets.length) : t('notifications.label');

  return (
    <Popover
      label={label}
      panelLabel={t('notifications.title')}
      block="notifications"
      testId="notifications-button"
      onToggle={() => setPermission(browserNotificationState())}
      trigger={
        <>
          <BellIcon />
          {count > 0 && (
            <span className="notifications__badge" data-testid="notifications-badge" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          {disabledWebhooks.length > 0 && (
            <>
              <div className="notifications__title">{t('webhooks.notice.title')}</div>
              <ul className="notifications__list" data-testid="notifications-webhooks">
                {disabledWebhooks.map((webhook) => (
                  <li key={webhook.id}>
                    <button
                      type="button"
                      className="notifications__item"
                      data-webhook-id={webhook.id}
                      onClick={() => {
                        close();
                        void navigate('/webhooks');
                      }}
                    >
                      <span className="notifications__text">
                        <span className="notifications__preview">
                          {t('webhooks.notice.item', {
                            name: webhook.name || `#${webhook.id}`,
                            days: webhookLimits.disableAfterFailingDays,
                          })}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="notifications__title">{t('notifications.title')}</div>
          {isLoading ? (
            <div className="notifications__empty">
              <Loader size="small" />
            </div>
          ) : tickets.length === 0 ? (
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
                        close();
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
        </>
      )}
    </Popover>
  );
}
