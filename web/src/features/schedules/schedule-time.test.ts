import { describe, expect, it } from 'vitest';
import { checkScheduleForm } from './schedule-form.ts';
import { blockEndOf, defaultSendAtInput, instantOfWall, wallDateOf, wallInputOf } from './schedule-time.ts';

describe("the company's wall clock", () => {
  it('shows an instant as the company reads it, whatever the browser zone', () => {
    // 15:30 UTC is 12:30 in São Paulo (UTC-3) and 16:30 in Madrid (winter, UTC+1).
    expect(wallInputOf('2026-01-20T15:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-01-20T12:30');
    expect(wallInputOf('2026-01-20T15:30:00.000Z', 'Europe/Madrid')).toBe('2026-01-20T16:30');
    const wall = wallDateOf('2026-01-20T15:30:00.000Z', 'Europe/Madrid');
    expect([wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([20, 16, 30]);
  });

  it('turns a typed wall-clock time back into its instant, across a summer-time change', () => {
    expect(instantOfWall('2026-01-20T12:30', 'America/Sao_Paulo')).toBe('2026-01-20T15:30:00.000Z');
    expect(instantOfWall('2026-07-20T16:30', 'Europe/Madrid')).toBe('2026-07-20T14:30:00.000Z');
    expect(instantOfWall('mañana', 'Europe/Madrid')).toBeUndefined();
    for (const instant of ['2026-03-29T00:59:00.000Z', '2026-10-25T05:15:00.000Z'])
      expect(instantOfWall(wallInputOf(instant, 'Europe/Madrid'), 'Europe/Madrid')).toBe(instant);
  });

  it('proposes one hour from now for a new schedule', () => {
    expect(defaultSendAtInput(new Date('2026-01-20T15:30:00.000Z'), 'America/Sao_Paulo')).toBe(
      '2026-01-20T13:30',
    );
  });
});

describe('the schedule form', () => {
  const zone = 'America/Sao_Paulo';

  it('asks for a message of at least 5 characters, a contact and a send time', () => {
    const short = checkScheduleForm({ body: 'hola', sendAt: '' }, undefined, zone);
    expect(short).toEqual({
      ok: false,
      errors: { body: 'Mensaje muy corto', contactId: 'Obligatorio', sendAt: 'Obligatorio' },
    });
    expect(checkScheduleForm({ body: '   ', sendAt: '2026-01-20T12:30' }, 3, zone)).toEqual({
      ok: false,
      errors: { body: 'Obligatorio' },
    });
  });

  it('sends the instant of the typed time', () => {
    expect(checkScheduleForm({ body: ' Hola Ana ', sendAt: '2026-01-20T12:30' }, 3, zone)).toEqual({
      ok: true,
      data: { body: 'Hola Ana', contactId: 3, sendAt: '2026-01-20T15:30:00.000Z' },
    });
  });
});

describe("a schedule's block on the calendar", () => {
  it('lasts 30 minutes, and ends with its day when it starts near midnight', () => {
    const noon = new Date(2026, 11, 6, 12, 0);
    expect(blockEndOf(noon).getTime() - noon.getTime()).toBe(30 * 60_000);
    // Sunday 23:45: the block stays on Sunday, so the month view shows it once, at its time.
    const late = new Date(2026, 11, 6, 23, 45);
    const end = blockEndOf(late);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([6, 23, 59]);
    expect(end.getTime()).toBeGreaterThan(late.getTime());
  });
});
