import { getContact } from '#data/contacts';
import type { ScheduleRecord } from '#data/schedules';
import { everyone } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';
import { publicSchedule } from './serialize.ts';

/**
 * `schedule` events (extended §4, Live updates): `{ action: "create" | "update", schedule }` (the
 * REST shape, with its contact) or `{ action: "delete", scheduleId }`. Every user of the company
 * sees every schedule on the calendar (GET /schedules has no per-user filter), so every socket of
 * the company hears them; the status moves (AGENDADA, ENVIADA, ERRO) arrive the same way.
 * `mediaPath` is null in events (signed URLs are made per request; `mediaName` says there is one).
 */
export const scheduleEventRule: EventRule = async (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [
      { companyId, event: 'schedule', data: { action: 'delete', scheduleId: item.id }, audience: everyone },
    ];
  }
  const schedule = change.newItem as ScheduleRecord;
  const contact = await getContact(companyId, schedule.contactId);
  return [
    {
      companyId,
      event: 'schedule',
      data: { action: change.kind, schedule: publicSchedule(schedule, contact, null) },
      audience: everyone,
    },
  ];
};
