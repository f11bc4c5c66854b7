import type { ContactRecord } from '#data/contacts';
import type { ScheduleRecord } from '#data/schedules';

/**
 * A schedule as the API shows it (core §3 Schedule): `mediaPath` is a short-lived signed URL of
 * its image when the caller had one made; `errorReason` is the error code of a failed send
 * (status ERRO), which the calendar translates.
 */
export function publicSchedule(
  schedule: ScheduleRecord,
  contact: Pick<ContactRecord, 'id' | 'name' | 'number'> | undefined,
  mediaUrl: string | null = null,
) {
  return {
    id: schedule.id,
    body: schedule.body,
    contactId: schedule.contactId,
    contact: contact ? { id: contact.id, name: contact.name, number: contact.number } : null,
    sendAt: schedule.sendAt,
    sentAt: schedule.sentAt ?? null,
    status: schedule.status,
    errorReason: schedule.errorReason ?? null,
    mediaPath: schedule.mediaKey ? mediaUrl : null,
    mediaName: schedule.mediaName ?? null,
    userId: schedule.userId ?? null,
    ticketId: schedule.ticketId ?? null,
    companyId: schedule.companyId,
    createdAt: schedule.createdAt,
    updatedAt: schedule.updatedAt,
  };
}
