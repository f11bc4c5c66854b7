import { describe, expect, it } from 'vitest';
import {
  daysRangeIn,
  inRange,
  nextDay,
  sinceInstant,
  startOfDayIn,
  timeZoneOf,
} from '../src/domain/day-range.ts';

describe('company days as instants', () => {
  it('starts a São Paulo day at 03:00 UTC', () => {
    expect(startOfDayIn('2024-05-10', 'America/Sao_Paulo')).toBe('2024-05-10T03:00:00.000Z');
    expect(startOfDayIn('2024-01-01')).toBe('2024-01-01T03:00:00.000Z');
  });

  it('follows zones east of Greenwich, half hours and UTC', () => {
    expect(startOfDayIn('2024-05-10', 'Asia/Kolkata')).toBe('2024-05-09T18:30:00.000Z');
    expect(startOfDayIn('2024-05-10', 'UTC')).toBe('2024-05-10T00:00:00.000Z');
    expect(startOfDayIn('2024-03-31', 'Europe/Madrid')).toBe('2024-03-30T23:00:00.000Z');
  });

  it('starts a day whose midnight a clock change skipped at its first real instant', () => {
    // São Paulo's summer time began at 00:00 on 2018-11-04: clocks went to 01:00 (-02).
    expect(startOfDayIn('2018-11-04', 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
    // Summer time ended at 00:00 on 2019-02-17: 23:00 of the 16th happened twice; the 17th began at 00:00 -03.
    expect(startOfDayIn('2019-02-17', 'America/Sao_Paulo')).toBe('2019-02-17T03:00:00.000Z');
    expect(startOfDayIn('2018-12-01', 'America/Sao_Paulo')).toBe('2018-12-01T02:00:00.000Z');
  });

  it('turns days into half-open ranges, open at either end', () => {
    const day = daysRangeIn('2024-05-10', '2024-05-10', 'America/Sao_Paulo');
    expect(day).toEqual({ from: '2024-05-10T03:00:00.000Z', to: '2024-05-11T03:00:00.000Z' });
    expect(inRange('2024-05-10T03:00:00.000Z', day)).toBe(true);
    expect(inRange('2024-05-11T02:59:59.999Z', day)).toBe(true);
    expect(inRange('2024-05-11T03:00:00.000Z', day)).toBe(false);
    expect(inRange('2024-05-10T02:59:59.999Z', day)).toBe(false);
    expect(inRange(undefined, day)).toBe(false);
    const since = daysRangeIn('2024-05-10', undefined, 'UTC');
    expect(inRange('2999-01-01T00:00:00.000Z', since)).toBe(true);
    const until = daysRangeIn(undefined, '2024-05-10', 'UTC');
    expect(inRange('1999-01-01T00:00:00.000Z', until)).toBe(true);
    expect(inRange('2024-05-11T00:00:00.000Z', until)).toBe(false);
  });

  it('reads updatedAt as a day in the zone or as an instant', () => {
    expect(sinceInstant('2024-05-10', 'America/Sao_Paulo')).toBe('2024-05-10T03:00:00.000Z');
    expect(sinceInstant('2024-05-10T10:00:00-03:00', 'UTC')).toBe('2024-05-10T13:00:00.000Z');
  });

  it('steps days across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2023-12-31')).toBe('2024-01-01');
  });

  it('falls back to São Paulo for unknown zones', () => {
    expect(timeZoneOf(undefined, 'Mars/Olympus', 'America/Bogota')).toBe('America/Bogota');
    expect(timeZoneOf('', null)).toBe('America/Sao_Paulo');
  });
});
