import type { AnnouncementRecord } from '#data/announcements';
import type { Audience, LiveListener } from '#domain/live-audience';
import { mayReadAnnouncement } from '#domain/announcement-rules';
import { allCompanies, type EventRule, type LiveEvent } from '../../live/live-event.ts';
import { publicAnnouncement } from './serialize.ts';

/** Whether a listener has this version of the announcement in its lists: super users all, others the active ones. */
function sees(listener: LiveListener, item: Record<string, unknown> | undefined): boolean {
  return item !== undefined && mayReadAnnouncement(listener, { status: item.status === true });
}

/**
 * `announcement` events, to every signed-in user of every company (the platform-wide audience,
 * docs/live-events.md). Whoever sees it after the change gets `{ action, record }`; whoever saw it
 * before but no longer does (withdrawn: made inactive) gets `{ action: "delete", id }`, as does
 * everyone who saw a deleted one. Lists merge by id.
 */
export const announcementEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const deleted = { action: 'delete', id: item.id };
  if (change.kind === 'delete') {
    return [
      {
        companyId: allCompanies,
        event: 'announcement',
        data: deleted,
        audience: (listener) => sees(listener, change.oldItem),
      },
    ];
  }
  const after: Audience = (listener) => sees(listener, change.newItem);
  const onlyBefore: Audience = (listener) => sees(listener, change.oldItem) && !after(listener);
  const events: LiveEvent[] = [
    {
      companyId: allCompanies,
      event: 'announcement',
      data: { action: change.kind, record: publicAnnouncement(change.newItem as AnnouncementRecord) },
      audience: after,
    },
  ];
  if (change.oldItem)
    events.push({ companyId: allCompanies, event: 'announcement', data: deleted, audience: onlyBefore });
  return events;
};
