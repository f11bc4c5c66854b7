import { useQueryClient } from '@tanstack/react-query';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import { removeById, upsertById } from '../../lib/merge-by-id.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { schedulesQueryKeys } from './api/schedules-query-keys.ts';
import type { Schedule } from './api/types.ts';

/** Reads a `schedule` live event: `{ action, schedule }` or `{ action: "delete", scheduleId }`. */
export function parseScheduleEvent(data: unknown): RecordLiveEvent<Schedule> | undefined {
  return parseRecordEvent<Schedule>(data, { record: ['schedule', 'record'], id: ['scheduleId', 'id'] });
}

/**
 * Merges a schedule event into the calendar's list by id. Events carry no signed `mediaPath`
 * (made per request): the one already held is kept while the file (`mediaName`) is the same.
 */
export function applyScheduleEvent(
  list: Schedule[] | undefined,
  event: RecordLiveEvent<Schedule>,
): Schedule[] | undefined {
  if (!list) return list;
  if (event.action === 'delete') return removeById(list, event.id);
  const held = list.find((schedule) => schedule.id === event.record.id);
  const mediaPath =
    event.record.mediaPath ?? (held && held.mediaName === event.record.mediaName ? held.mediaPath : null);
  return upsertById(list, { ...event.record, mediaPath });
}

/**
 * extended §4: the calendar follows `schedule` events at once (made, moved, deleted, sent or
 * failed, by anyone in the company), instead of reading the list again on a timer.
 */
export function useLiveSchedules(): void {
  const queryClient = useQueryClient();
  useLiveEvent('schedule', (data) => {
    const event = parseScheduleEvent(data);
    if (!event) return;
    queryClient.setQueryData<Schedule[]>(schedulesQueryKeys.list(), (list) =>
      applyScheduleEvent(list, event),
    );
  });
}
