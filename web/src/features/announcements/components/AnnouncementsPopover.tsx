import { useQueryClient } from '@tanstack/react-query';
import { LineIcon, type IconProps } from '../../../components/icons/line-icon.tsx';
import { CountBadge, Popover, PopoverList } from '../../../components/Popover.tsx';
import { t } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { announcementsQueryKeys } from '../api/announcements-query-keys.ts';
import { usePopoverAnnouncements } from '../api/get-announcements.ts';
import { priorityTextKey, priorityTone } from '../priority-tone.ts';
import '../announcements.css';

function MegaphoneIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7" />
      <path d="M18.5 5.5a9 9 0 0 1 0 13" />
    </LineIcon>
  );
}

/**
 * The top bar's announcements popover (core §2 Layout, extended §2.7) for every signed-in user:
 * the active announcements, newest first, each with its priority colour (1 red, 2 orange, 3 grey)
 * and image. A published, edited or withdrawn one arrives live (the `announcement` event): the
 * list is read again, which also brings the image's fresh URL.
 */
export function AnnouncementsPopover() {
  const queryClient = useQueryClient();
  const { data: announcements = [], isLoading } = usePopoverAnnouncements();
  useLiveEvent('announcement', () => {
    void queryClient.invalidateQueries({ queryKey: announcementsQueryKeys.popover() });
  });
  const count = announcements.length;
  const label =
    count > 0 ? t('announcements.popover.labelCount', { count }) : t('announcements.popover.label');

  return (
    <Popover
      label={label}
      panelLabel={t('announcements.popover.label')}
      block="announcements-popover"
      list
      testId="announcements-button"
      trigger={
        <>
          <MegaphoneIcon />
          <CountBadge count={count} testId="announcements-badge" muted />
        </>
      }
    >
      <PopoverList
        title={t('announcements.popover.label')}
        isLoading={isLoading}
        isEmpty={count === 0}
        empty={t('announcements.popover.empty')}
        testId="announcements-list-popover"
      >
        {announcements.map((announcement) => (
          <li
            key={announcement.id}
            className={`announcements-popover__item announcement-tone--${priorityTone(announcement.priority)}`}
            data-announcement-id={announcement.id}
            data-priority={announcement.priority}
          >
            <div className="announcements-popover__head">
              <span className="announcements-popover__name">{announcement.title}</span>
              <span
                className={`announcement-priority announcement-priority--${priorityTone(announcement.priority)}`}
                title={t('announcements.popover.priority', {
                  priority: t(priorityTextKey(announcement.priority)),
                })}
              >
                {t(priorityTextKey(announcement.priority))}
              </span>
            </div>
            <div className="announcements-popover__date">{formatDateTime(announcement.createdAt)}</div>
            {announcement.mediaPath && (
              <img
                className="announcements-popover__image"
                src={announcement.mediaPath}
                alt={t('announcements.popover.image', { title: announcement.title })}
                loading="lazy"
              />
            )}
            <p className="announcements-popover__text">{announcement.text}</p>
          </li>
        ))}
      </PopoverList>
    </Popover>
  );
}
