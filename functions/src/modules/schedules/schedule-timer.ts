import type { ScheduleRecord } from '#data/schedules';
import { scheduledMessagesQueue, scheduleTimerName, type ScheduleTimerBody } from '#domain/schedule-rules';
import { schedulerPort } from '#homes/adapters';
import { logger } from '#observability/logger';

/** A send time already past is delivered one second from now (a schedule cannot start in the past). */
const minimumLeadMs = 1_000;

/** (Re)sets a schedule's one timer to its send time; setting it again under the same name moves it. */
export async function armScheduleTimer(
  schedule: Pick<ScheduleRecord, 'companyId' | 'id' | 'sendAt' | 'contactId'>,
): Promise<void> {
  const body: ScheduleTimerBody = {
    type: 'scheduledMessage',
    companyId: schedule.companyId,
    scheduleId: schedule.id,
    sendAt: schedule.sendAt,
    contactId: schedule.contactId,
  };
  const scheduler = await schedulerPort();
  await scheduler.schedule({
    name: scheduleTimerName(schedule.companyId, schedule.id),
    at: new Date(Math.max(Date.parse(schedule.sendAt), Date.now() + minimumLeadMs)),
    queueName: scheduledMessagesQueue,
    body: JSON.stringify(body),
  });
}

/**
 * Cancels a schedule's timer. Only saves a delivery: a timer whose schedule is gone or no longer
 * pending does nothing when it fires; a failure is logged, not raised.
 */
export async function cancelScheduleTimer(schedule: Pick<ScheduleRecord, 'companyId' | 'id'>): Promise<void> {
  try {
    const scheduler = await schedulerPort();
    await scheduler.cancel(scheduleTimerName(schedule.companyId, schedule.id));
  } catch (error) {
    logger.warn('cancelling a schedule timer failed', { scheduleId: schedule.id, error: String(error) });
  }
}
