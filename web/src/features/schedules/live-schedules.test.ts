import { describe, expect, it } from 'vitest';
import type { Schedule } from './api/types.ts';
import { applyScheduleEvent, parseScheduleEvent } from './live-schedules.ts';

const schedule = (id: number, fields: Partial<Schedule> = {}): Schedule => ({
  id,
  body: `cita ${id}`,
  contactId: 1,
  contact: { id: 1, name: 'Fabio' },
  sendAt: '2026-12-01T12:00:00.000Z',
  sentAt: null,
  status: 'PENDENTE',
  errorReason: null,
  mediaPath: null,
  mediaName: null,
  userId: 1,
  ticketId: null,
  ...fields,
});

const merge = (list: Schedule[] | undefined, data: unknown) =>
  applyScheduleEvent(list, parseScheduleEvent(data)!);

describe('schedule live events on the calendar', () => {
  it('adds a new schedule, replaces a changed one and drops a deleted one, by id', () => {
    const list = [schedule(1), schedule(2)];
    const added = merge(list, { action: 'create', schedule: schedule(3) });
    expect(added?.map((s) => s.id).sort()).toEqual([1, 2, 3]);
    const sent = merge(added, { action: 'update', schedule: schedule(2, { status: 'ENVIADA' }) });
    expect(sent?.find((s) => s.id === 2)?.status).toBe('ENVIADA');
    expect(sent).toHaveLength(3);
    expect(
      merge(sent, { action: 'delete', scheduleId: 1 })
        ?.map((s) => s.id)
        .sort(),
    ).toEqual([2, 3]);
  });

  it('keeps the signed image URL it holds while the file is the same, and leaves an unloaded list alone', () => {
    const list = [schedule(1, { mediaName: 'a.png', mediaPath: 'https://signed/a' })];
    expect(
      merge(list, { action: 'update', schedule: schedule(1, { mediaName: 'a.png' }) })?.[0]?.mediaPath,
    ).toBe('https://signed/a');
    expect(
      merge(list, { action: 'update', schedule: schedule(1, { mediaName: 'b.png' }) })?.[0]?.mediaPath,
    ).toBeNull();
    expect(merge(undefined, { action: 'create', schedule: schedule(1) })).toBeUndefined();
    expect(parseScheduleEvent({ action: 'update' })).toBeUndefined();
  });
});
