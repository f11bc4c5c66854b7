import * as z from 'zod';
import { imageAttachmentExtensions } from '@atende/shared/constants';
import { AppError } from './app-error.ts';

/**
 * Scheduled messages (docs/decisions.md, "Scheduled messages"): each schedule has one one-time
 * timer named after it; the timer's body carries the send time it was set for, its version.
 */

/** The manifest queue schedule timers deliver to (consumer: modules/schedules/fire-handler.ts). */
export const scheduledMessagesQueue = 'scheduled-messages';

/** Schedules per page of GET /schedules. */
export const schedulePageSize = 50;

export const scheduleTimerBodySchema = z.object({
  type: z.literal('scheduledMessage'),
  companyId: z.number().int().positive(),
  scheduleId: z.number().int().positive(),
  /** The send time (ISO) the timer was set for. */
  sendAt: z.string().min(1),
  /**
   * The schedule's contact when the timer was set: the fire reads it with the schedule in one
   * call (a contact changed since is read after). Timers set before it was carried have none.
   */
  contactId: z.number().int().positive().optional(),
});
export type ScheduleTimerBody = z.infer<typeof scheduleTimerBodySchema>;

/** EventBridge Scheduler names: [0-9a-zA-Z-_.], at most 64 characters. */
export function scheduleTimerName(companyId: number, scheduleId: number): string {
  return `c${companyId}-schedule-${scheduleId}`;
}

/** The stable key a schedule's message id derives from: the same schedule and time send once. */
export function scheduleMessageKey(companyId: number, scheduleId: number, sendAt: string): string {
  return `schedule:${companyId}:${scheduleId}:${sendAt}`;
}

export interface ScheduleState {
  status: string;
  sendAt: string;
}

/**
 * What a fired timer does with the schedule as it is now: send it when it is pending and due
 * (its own send time, or a due one whose own timer was replaced); move the timer when the
 * schedule was moved later; nothing when it is gone or no longer pending (sent, failed).
 */
export function fireVerdict(
  body: Pick<ScheduleTimerBody, 'sendAt'>,
  schedule: ScheduleState | undefined,
  now: Date,
): 'send' | 'reschedule' | 'stale' {
  if (!schedule || schedule.status !== 'PENDENTE') return 'stale';
  if (schedule.sendAt === body.sendAt) return 'send';
  return Date.parse(schedule.sendAt) > now.getTime() ? 'reschedule' : 'send';
}

/**
 * A sent schedule is history, and one handed to WhatsApp (AGENDADA) is on its way: either can be
 * read and deleted, never edited.
 */
export function assertScheduleEditable(schedule: ScheduleState): void {
  if (schedule.status === 'ENVIADA' || schedule.status === 'AGENDADA')
    throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
}

/** What a schedule's message, as it is now, says of its send: failed, sent, or nothing yet. */
export function sendResultOf(message: {
  ack?: number;
  error?: string;
  updatedAt?: string;
  createdAt: string;
}): { status: 'ERRO'; errorReason: string } | { status: 'ENVIADA'; sentAt: string } | undefined {
  if (message.error) return { status: 'ERRO', errorReason: message.error };
  if ((message.ack ?? 0) >= 1) return { status: 'ENVIADA', sentAt: message.updatedAt ?? message.createdAt };
  return undefined;
}

/** Schedules take png, jpg and jpeg images only (core §5), judged by the stored type. */
export function assertScheduleImage(mimetype: string): void {
  const allowed = imageAttachmentExtensions.map((ext) => (ext === 'jpg' ? 'image/jpeg' : `image/${ext}`));
  if (!allowed.includes(mimetype)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
}

/** Where a schedule's image lives in the media bucket. */
export function scheduleMediaKey(companyId: number, scheduleId: number, nonce: string): string {
  return `c${companyId}/schedules/${scheduleId}/${nonce}`;
}

/** The plan's schedules limit, or none (null or absent: unlimited). */
export function scheduleLimitOf(plan: { schedules?: number | null } | undefined): number | null {
  return typeof plan?.schedules === 'number' ? plan.schedules : null;
}

/** An error code for the calendar (kept in the catalogue's codes); anything unexpected is ERR_SENDING_WAPP_MSG. */
export function failureReasonOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'ERR_SENDING_WAPP_MSG';
}
