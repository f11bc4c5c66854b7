import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@aws-amplify/ui-react';
import { ContactAvatar } from '../../../components/ContactAvatar.tsx';
import { BellIcon } from '../../../components/icons/icons.tsx';
import { CountBadge, Popover, PopoverList } from '../../../components/Popover.tsx';
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
  const label =
    tickets.length > 0 ? tCount('notifications.labelCount', tickets.length) : t('notifications.label');

  return (
    <Popover
      label={label}
      panelLabel={t('notifications.title')}
      block="notifications"
      list
      testId="notifications-button"
      onToggle={() => setPermission(browserNotificationState())}
      trigger={
        <>
          <BellIcon />
          <CountBadge count={count} testId="notifications-badge" />
        </>
      }
    >
      {(close) => (
        <>
          {disabledWebhooks.length > 0 && (
            <PopoverList title={t('webhooks.notice.title')} testId="notifications-webhooks">
              {disabledWebhooks.map((webhook) => (
                <li key={webhook.id}>
                  <button
                    type="button"
                    className="app-popover__item"
                    data-webhook-id={webhook.id}
                    onClick={() => {
                      close();
                      void navigate('/webhooks');
                    }}
                  >
                    <span className="list-line__text">
                      <span className="list-line__preview">
                        {t('webhooks.notice.item', {
                          name: webhook.name || `#${webhook.id}`,
                          days: webhookLimits.disableAfterFailingDays,
                        })}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </PopoverList>
          )}
          <PopoverList
            title={t('notifications.title')}
            isLoading={isLoading}
            isEmpty={tickets.length === 0}
            empty={t('notifications.empty')}
            testId="notifications-list"
          >
            {tickets.map((ticket) => {
              const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;
              return (
                <li key={ticket.id}>
                  <button
                    type="button"
                    className="app-popover__item"
                    data-ticket-id={ticket.id}
                    onClick={() => {
                      close();
                      void navigate(`/tickets/${ticket.uuid}`);
                    }}
                  >
                    <ContactAvatar name={name} url={ticket.contact?.profilePicUrl} size={36} />
                    <span className="list-line__text">
                      <span className="list-line__title">{name}</span>
                      <span className="list-line__preview">{plainPreview(ticket.lastMessage)}</span>
                    </span>
                    <span className="list-line__meta">
                      <span className="list-line__time">
                        {formatListTime(ticket.lastMessageAt ?? ticket.updatedAt)}
                      </span>
                      <span
                        className="list-line__unread"
                        aria-label={t('notifications.unread', { count: ticket.unreadMessages ?? 0 })}
                      >
                        {ticket.unreadMessages ?? 0}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </PopoverList>
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
