/**
 * The scheduled messages of /api/schedules (core §3, §5, §7; extended §2.16, §7), one function per
 * route. Each schedule has one one-time timer (docs/decisions.md, "Scheduled messages"): it is
 * armed before the record is written and moved before the record changes, so no schedule is ever
 * stored without its timer; a sent one can no longer change.
 */
import { randomUUID } from 'node:crypto';
import type {
  ScheduleCreateInput,
  ScheduleListQuery,
  ScheduleUpdateInput,
} from '@atende/shared/entities/schedule';
import { isAdmin, type Principal } from '#auth/principal';
import { removeMediaQuietly } from '#aws/s3';
import { getContact, getContacts } from '#data/contacts';
import {
  changeSchedule,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  newScheduleId,
  type ScheduleChanges,
  type ScheduleRecord,
} from '#data/schedules';
import { getUser } from '#data/users';
import { AppError, foundOr } from '#domain/app-error';
import { assertNewTimeNotInPast, assertNotInPast } from '#domain/future-time';
import { mediaOfUpload } from '#domain/media-rules';
import {
  assertScheduleEditable,
  assertScheduleImage,
  scheduleLimitOf,
  scheduleMediaKey,
  schedulePageSize,
} from '#domain/schedule-rules';
import { companyContext } from '#http/company-context';
import { armScheduleTimer, cancelScheduleTimer } from './schedule-timer.ts';
import { publicSchedule } from './serialize.ts';
import { attachmentUrl, replaceAttachment } from '../media/replace-attachment.ts';

/** A schedule as the screens show it: its contact and its image's URL. */
export async function answerOf(schedule: ScheduleRecord) {
  const [contact, url] = await Promise.all([
    getContact(schedule.companyId, schedule.contactId),
    attachmentUrl(schedule),
  ]);
  return publicSchedule(schedule, contact, url);
}

/** The caller's company's schedule, or ERR_NOT_FOUND. */
export async function scheduleOrFail(principal: Principal, id: number): Promise<ScheduleRecord> {
  return foundOr(getSchedule(principal.companyId, id));
}

async function assertContact(companyId: number, contactId: number): Promise<void> {
  if (!(await getContact(companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
}

/** Who the schedule is sent as: an admin may name another user of the company; others send as themselves. */
async function senderOf(principal: Principal, userId: number | null | undefined): Promise<number> {
  if (!userId || userId === principal.userId || !isAdmin(principal)) return principal.userId;
  if (!(await getUser(principal.companyId, userId))) throw new AppError('ERR_NO_USER_FOUND');
  return userId;
}

/**
 * A change to a schedule and its timer in one logical step: the timer is moved first (a timer
 * whose schedule did not change does nothing when it fires: its send time is not the
 * schedule's), and put back if the record could not be changed. A failed schedule that is
 * edited becomes pending again.
 */
async function changeWithTimer(
  current: ScheduleRecord,
  changes: ScheduleChanges,
  options: { removeMedia?: boolean } = {},
) {
  assertScheduleEditable(current);
  const retry = current.status === 'ERRO';
  const next = { ...changes, ...(retry ? { status: 'PENDENTE' as const } : {}) };
  const moved = (changes.sendAt !== undefined && changes.sendAt !== current.sendAt) || retry;
  if (moved)
    await armScheduleTimer({
      ...current,
      sendAt: next.sendAt ?? current.sendAt,
      contactId: next.contactId ?? current.contactId,
    });
  try {
    return await changeSchedule(current, next, options);
  } catch (error) {
    if (moved && current.status === 'PENDENTE') await armScheduleTimer(current).catch(() => undefined);
    throw error;
  }
}

/** GET /schedules: a page of the company's schedules (of one contact when asked), with their contacts. */
export async function schedulesPage(companyId: number, query: ScheduleListQuery) {
  const wanted = query.pageNumber * schedulePageSize;
  const found = await listSchedules(companyId, {
    ...(query.contactId ? { contactId: query.contactId } : {}),
    limit: wanted + 1,
  });
  const page = found.slice((query.pageNumber - 1) * schedulePageSize, wanted);
  const contacts = await getContacts(
    companyId,
    page.map((s) => s.contactId),
  );
  const schedules = await Promise.all(
    page.map(async (s) => publicSchedule(s, contacts.get(s.contactId), await attachmentUrl(s))),
  );
  return { schedules, count: schedules.length, hasMore: found.length > wanted };
}

/** POST /schedules: its timer first, then the record within the plan's count. */
export async function createScheduleOf(
  principal: Principal,
  body: ScheduleCreateInput,
): Promise<ScheduleRecord> {
  await assertContact(principal.companyId, body.contactId);
  const userId = await senderOf(principal, body.userId);
  const { plan } = await companyContext(principal.companyId);
  const id = await newScheduleId(principal.companyId);
  const sendAt = new Date(body.sendAt).toISOString();
  assertNotInPast(sendAt, new Date());
  // The timer first: a schedule is never written without its timer; a timer without its
  // schedule (the write failed) finds nothing when it fires, and is cancelled here anyway.
  await armScheduleTimer({ companyId: principal.companyId, id, sendAt, contactId: body.contactId });
  try {
    return await createSchedule(
      principal.companyId,
      id,
      { body: body.body, contactId: body.contactId, sendAt, userId },
      scheduleLimitOf(plan),
    );
  } catch (error) {
    await cancelScheduleTimer({ companyId: principal.companyId, id });
    throw error;
  }
}

/** PUT /schedules/{id}: only while editable; a new time moves its timer. */
export async function updateScheduleOf(
  principal: Principal,
  id: number,
  body: ScheduleUpdateInput,
): Promise<ScheduleRecord> {
  const current = await scheduleOrFail(principal, id);
  assertScheduleEditable(current);
  if (body.sendAt !== undefined) assertNewTimeNotInPast(body.sendAt, current.sendAt, new Date());
  if (body.contactId !== undefined && body.contactId !== current.contactId)
    await assertContact(principal.companyId, body.contactId);
  const changes: ScheduleChanges = {
    ...(body.body !== undefined ? { body: body.body } : {}),
    ...(body.contactId !== undefined ? { contactId: body.contactId } : {}),
    ...(body.sendAt !== undefined ? { sendAt: new Date(body.sendAt).toISOString() } : {}),
    ...(body.userId !== undefined ? { userId: await senderOf(principal, body.userId) } : {}),
  };
  return changeWithTimer(current, changes);
}

/** DELETE /schedules/{id}: the record, its timer, and its image unless a message shares it. */
export async function deleteScheduleOf(principal: Principal, id: number): Promise<void> {
  const current = await scheduleOrFail(principal, id);
  await deleteSchedule(current);
  await cancelScheduleTimer(current);
  // A schedule that made its message (AGENDADA, ENVIADA, or ERRO after the hand-over) shares
  // its image with that message, which keeps it.
  if (!current.messageId) await removeMediaQuietly(current.mediaKey, 'schedule media');
}

/** POST /schedules/{id}/media-upload: the image replaced (png or jpeg, judged from its bytes). */
export async function attachScheduleImage(
  principal: Principal,
  id: number,
  file: { filename: string; content: Buffer; mimetype: string },
): Promise<ScheduleRecord> {
  const current = await scheduleOrFail(principal, id);
  assertScheduleEditable(current);
  // The type comes from the bytes (docs/security.md, "Media"), then only png and jpeg pass.
  const { mimetype } = await mediaOfUpload(file.content, file.mimetype);
  assertScheduleImage(mimetype);
  return replaceAttachment(
    {
      key: scheduleMediaKey(principal.companyId, current.id, randomUUID()),
      file,
      mimetype,
      defaultName: 'imagen',
      previousKey: current.mediaKey,
      what: 'schedule media',
    },
    (media) => changeWithTimer(current, media),
  );
}

/** DELETE /schedules/{id}/media-upload: the image removed (nothing to do without one). */
export async function removeScheduleImage(principal: Principal, id: number): Promise<ScheduleRecord> {
  const current = await scheduleOrFail(principal, id);
  assertScheduleEditable(current);
  if (!current.mediaKey) return current;
  const updated = await changeWithTimer(current, {}, { removeMedia: true });
  await removeMediaQuietly(current.mediaKey, 'schedule media');
  return updated;
}
