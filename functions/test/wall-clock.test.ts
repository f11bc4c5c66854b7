import { describe, expect, it } from 'vitest';
import { wallClockAt } from '../src/domain/wall-clock.ts';

describe('a time zone wall clock', () => {
  it('reads the date and time of day in the zone, two digits a field', () => {
    expect(wallClockAt(new Date('2024-05-10T02:05:09Z'), 'America/Sao_Paulo')).toEqual({
      year: '2024',
      month: '05',
      day: '09',
      hour: '23',
      minute: '05',
      second: '09',
    });
    expect(wallClockAt(new Date('2024-05-10T18:30:00Z'), 'Asia/Kolkata')).toMatchObject({
      day: '11',
      hour: '00',
      minute: '00',
    });
  });

  it('counts midnight as hour 00, never 24', () => {
    expect(wallClockAt(new Date('2024-01-01T00:00:00Z'), 'UTC').hour).toBe('00');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => wallClockAt(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
