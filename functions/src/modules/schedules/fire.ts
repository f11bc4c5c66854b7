import { getContact, type ContactRecord } from '#data/contacts';
import { getSchedule, getScheduleAndContact, recordScheduleOutcome, type ScheduleRecord } from '#data/schedules';
import { AppError } from '#domain/app-error';
import {
  failureReasonOf,
  fireVerdict,
  scheduleMessageKey,
  type ScheduleTimerBody,
} from '#domain/schedule-rules';
import { derivedMessageId, storeOutbound, ticketForOutbound } from '../messages/send-outbound.ts';
import { armScheduleTimer } from './schedule-timer.ts';
import { logger } from '#observability/logger';
import { metricNames, recordMetric } from '#observability/metrics';

export type FireOutcome = 'sent' | 'failed' | 'stale' | 'rescheduled' | 'recorded-elsewhere';

/**
 * Sends a due schedule: on the contact's open ticket, or a ticket opened on the company's
 * default connection, under a message id derived from the schedule and its send time, then
 * records PENDENTE -> AGENDADA (handed to WhatsApp); the message's send result makes it ENVIADA
 * or ERRO (`outcome-handler.ts`). A timer fired twice or a redelivered queue message stores and
 * sends the same message id, which goes out once, and finds the schedule recorded already.
 * A business failure (contact or connection gone) records PENDENTE -> ERRO with its code;
 * anything else is thrown for the queue to deliver again (`lastAttempt` records it as ERRO).
 */
export async function fireSchedule(
  body: ScheduleTimerBody,
  options: { lastAttempt?: boolean; now?: Date } = {},
): Promise<FireOutcome> {
  const now = options.now ?? new Date();
  // The timer names the contact it was set for: schedule and contact come in one call.
  const read = body.contactId
    ? await getScheduleAndContact(body.companyId, body.scheduleId, body.contactId)
    : { schedule: await getSchedule(body.companyId, body.scheduleId), contact: undefined };
  const schedule = read.schedule;
  const verdict = fireVerdict(body, schedule, now);
  if (verdict === 'stale' || !schedule) return 'stale';
  if (verdict === 'reschedule') {
    await armScheduleTimer(schedule);
    return 'rescheduled';
  }
  try {
    const sent = await send(schedule, read.contact?.id === schedule.contactId ? read.contact : undefined);
    // Schedule lag: how late after its due time the message was handed to the connector.
    recordMetric(metricNames.scheduleLag, 'Milliseconds', Math.max(0, now.getTime() - Date.parse(schedule.sendAt)));
    return (await recordScheduleOutcome(schedule, { status: 'AGENDADA', ...sent }))
      ? 'sent'
      : 'recorded-elsewhere';
  } catch (error) {
    if (!(error instanceof AppError) && !options.lastAttempt) throw error;
    logger.warn('scheduled message failed', { companyId: schedule.companyId, scheduleId: schedule.id, error: String(error) });
    return (await recordScheduleOutcome(schedule, { status: 'ERRO', errorReason: failureReasonOf(error) }))
      ? 'failed'
      : 'recorded-elsewhere';
  }
}

async function send(
  schedule: ScheduleRecord,
  /** The schedule's contact when read with it; otherwise (changed since, an older timer) read here. */
  known: ContactRecord | undefined,
): Promise<{ ticketId: number; messageId: string }> {
  const { companyId } = schedule;
  const contact = known ?? (await getContact(companyId, schedule.contactId));
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const message = {
    id: derivedMessageId(scheduleMessageKey(companyId, schedule.id, schedule.sendAt)),
    scheduleId: schedule.id,
    body: schedule.body,
    ...(schedule.userId ? { userId: schedule.userId } : {}),
    ...(schedule.mediaKey && schedule.mediaMimetype
      ? {
          media: {
            mediaType: 'image' as const,
            key: schedule.mediaKey,
            mimetype: schedule.mediaMimetype,
            fileName: schedule.mediaName ?? 'imagen',
            sizeBytes: schedule.mediaSize ?? 0,
          },
        }
      : {}),
  };
  // A contact with no ticket open gets one created already holding the message (one write).
  const { ticket, stored } = await ticketForOutbound(companyId, contact, {
    ...(schedule.userId ? { userId: schedule.userId } : {}),
    firstMessage: message,
  });
  const { handOver } = stored ?? (await storeOutbound({ companyId, ticket, contact, ...message }));
  await handOver?.();
  return { ticketId: ticket.id, messageId: message.id };
}
