import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { getItems, itemRef } from './batch-get.ts';
import { companyEntity } from './company-entity.ts';
import { contactEntity } from './contact-entity.ts';
import { nextId } from './ids.ts';
import { scheduleEntity } from './schedule-entity.ts';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { getCompanyItem } from './company-items.ts';

export type ScheduleRecord = EntityItem<typeof scheduleEntity>;

/** AP-SC-1: a schedule by id. */
export async function getSchedule(companyId: number, id: number): Promise<ScheduleRecord | undefined> {
  return getCompanyItem(scheduleEntity, companyId, id);
}

/**
 * AP-SC-8: a schedule and the contact its timer was set for, in one call (the timer's consumer).
 * The contact is the schedule's only while the schedule still names it: the caller compares.
 */
export async function getScheduleAndContact(
  companyId: number,
  id: number,
  contactId: number,
): Promise<{ schedule: ScheduleRecord | undefined; contact: EntityItem<typeof contactEntity> | undefined }> {
  const [schedule, contact] = await getItems([
    itemRef(scheduleEntity, { companyId, id }),
    itemRef(contactEntity, { companyId, id: contactId }),
  ] as const);
  return { schedule, contact };
}

/**
 * AP-SC-2: the company's schedules in send order (gsi1), or one contact's (gsi2), the first
 * `limit` of them: pages are read from the start (`pageNumber × size + 1`), bounded by the
 * plan's schedules limit.
 */
export async function listSchedules(
  companyId: number,
  options: { contactId?: number; limit: number },
): Promise<ScheduleRecord[]> {
  const query = options.contactId
    ? scheduleEntity.query.byContact({ companyId, contactId: options.contactId })
    : scheduleEntity.query.bySendAt({ companyId });
  const { data } = await query.go({ limit: options.limit, pages: 'all' });
  return data.slice(0, options.limit);
}

/** A new schedule's id, taken before it is written so its timer can be set first. */
export function newScheduleId(companyId: number): Promise<number> {
  return nextId({ companyId }, 'schedule');
}

export type ScheduleFields = Pick<ScheduleRecord, 'body' | 'contactId' | 'sendAt'> & { userId?: number };

/**
 * AP-SC-3: create a pending schedule and count it on the company (`scheduleCount + 1`, only
 * while below the plan's limit when it has one), in one transaction.
 */
export async function createSchedule(
  companyId: number,
  id: number,
  fields: ScheduleFields,
  limit: number | null,
): Promise<ScheduleRecord> {
  const schedule = { companyId, id, ...fields, status: 'PENDENTE' as const };
  await writeAll(
    { schedule: scheduleEntity, company: companyEntity },
    ({ schedule: schedules, company }) => {
      const counted = company.update({ id: companyId }).add({ scheduleCount: 1 });
      return [
        schedules.create(schedule).commit(),
        (limit === null
          ? counted
          : counted.where(
              ({ scheduleCount }, { lt, notExists }) =>
                `(${notExists(scheduleCount)} OR ${lt(scheduleCount, limit)})`,
            )
        ).commit(),
      ];
    },
    ['ERR_INTERNAL', 'ERR_SCHEDULE_LIMIT_REACHED'],
  );
  const created = await getSchedule(companyId, id);
  if (!created) throw new Error(`schedule ${companyId}/${id} vanished after creation`);
  return created;
}

export type ScheduleChanges = Partial<
  Pick<
    ScheduleRecord,
    | 'body'
    | 'contactId'
    | 'sendAt'
    | 'userId'
    | 'status'
    | 'mediaKey'
    | 'mediaName'
    | 'mediaMimetype'
    | 'mediaSize'
  >
>;

/**
 * AP-SC-4: change a schedule only if its status and send time are still those read (a schedule
 * being sent meanwhile is not changed under it): ERR_RECORD_CONFLICT otherwise. A change back
 * to PENDENTE (an edited failed schedule) forgets the failure.
 */
export async function changeSchedule(
  current: ScheduleRecord,
  changes: ScheduleChanges,
  options: { removeMedia?: boolean } = {},
): Promise<ScheduleRecord> {
  const { companyId, id } = current;
  // The list indexes are rebuilt from both their attributes.
  const set = {
    ...changes,
    sendAt: changes.sendAt ?? current.sendAt,
    contactId: changes.contactId ?? current.contactId,
  };
  const removed: ('errorReason' | 'mediaKey' | 'mediaName' | 'mediaMimetype' | 'mediaSize')[] = [];
  if (changes.status === 'PENDENTE' && current.errorReason) removed.push('errorReason');
  if (options.removeMedia) removed.push('mediaKey', 'mediaName', 'mediaMimetype', 'mediaSize');
  try {
    let patch = scheduleEntity.patch({ companyId, id }).set(set);
    if (removed.length > 0) patch = patch.remove(removed);
    const { data } = await patch
      .where(
        ({ status, sendAt }, { eq }) => `${eq(status, current.status)} AND ${eq(sendAt, current.sendAt)}`,
      )
      .go({ response: 'all_new' });
    return data as ScheduleRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_RECORD_CONFLICT');
    throw error;
  }
}

/** AP-SC-5: delete a schedule and uncount it, if it still exists. */
export async function deleteSchedule(current: ScheduleRecord): Promise<void> {
  const { companyId, id } = current;
  try {
    await writeAll(
      { schedule: scheduleEntity, company: companyEntity },
      ({ schedule, company }) => [
        schedule
          .delete({ companyId, id })
          .where(({ id: existing }, { exists }) => exists(existing))
          .commit(),
        company.update({ id: companyId }).add({ scheduleCount: -1 }).commit(),
      ],
      ['ERR_NOT_FOUND'],
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_NOT_FOUND') return;
    throw error;
  }
}

/**
 * AP-SC-6: a fired schedule handed to WhatsApp, PENDENTE -> AGENDADA (with its ticket and message),
 * or a failure before that, PENDENTE -> ERRO (with the reason), only if it is still pending at the
 * send time it was fired for. Answers false when another delivery, or the send result itself
 * (AP-SC-7), recorded it first, or it was moved.
 */
export async function recordScheduleOutcome(
  current: Pick<ScheduleRecord, 'companyId' | 'id' | 'sendAt'>,
  outcome:
    { status: 'AGENDADA'; ticketId: number; messageId: string } | { status: 'ERRO'; errorReason: string },
): Promise<boolean> {
  return writtenIf(() =>
    scheduleEntity
      .patch({ companyId: current.companyId, id: current.id })
      .set(outcome)
      .where(({ status, sendAt }, { eq }) => `${eq(status, 'PENDENTE')} AND ${eq(sendAt, current.sendAt)}`)
      .go({ response: 'none' }),
  );
}

/**
 * AP-SC-7: the send result of a schedule's message (docs/decisions.md, "Schedule status follows the
 * send result"): AGENDADA (or still PENDENTE, when the result came before the hand-over was
 * recorded) -> ENVIADA with `sentAt`, or -> ERRO with the reason, only while the schedule is at
 * the send time the message was made for. Answers false when it was recorded already or moved.
 */
export async function recordScheduleSendResult(
  current: Pick<ScheduleRecord, 'companyId' | 'id' | 'sendAt'>,
  message: { ticketId: number; messageId: string },
  result: { status: 'ENVIADA'; sentAt: string } | { status: 'ERRO'; errorReason: string },
): Promise<boolean> {
  return writtenIf(() =>
    scheduleEntity
      .patch({ companyId: current.companyId, id: current.id })
      .set({ ...result, ...message })
      .where(
        ({ status, sendAt }, { eq }) =>
          `(${eq(status, 'PENDENTE')} OR ${eq(status, 'AGENDADA')}) AND ${eq(sendAt, current.sendAt)}`,
      )
      .go({ response: 'none' }),
  );
}
