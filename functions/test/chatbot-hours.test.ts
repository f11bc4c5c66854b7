import { describe, expect, it } from 'vitest';
import { defaultQueueSchedules } from '@atende/shared/constants';
import { settingUpdateInputSchema } from '@atende/shared/entities/setting';
import { localTimeIn, openingState, safeTimeZone, type HoursRow } from '../src/domain/chatbot/opening-hours.ts';

/** Mon-Fri 08-18, Sat 08-12, Sun closed (the product's default hours). */
const week: HoursRow[] = defaultQueueSchedules.map((row) => ({ ...row }));

describe('local time in a zone', () => {
  it.each([
    // 2024-05-06 is a Monday.
    ['2024-05-06T15:30:00Z', 'America/Sao_Paulo', { date: '2024-05-06', weekday: 0, minutes: 12 * 60 + 30 }],
    ['2024-05-06T02:00:00Z', 'America/Sao_Paulo', { date: '2024-05-05', weekday: 6, minutes: 23 * 60 }],
    ['2024-05-06T15:30:00Z', 'Asia/Tokyo', { date: '2024-05-07', weekday: 1, minutes: 30 }],
    ['2024-05-06T15:30:00Z', 'America/Bogota', { date: '2024-05-06', weekday: 0, minutes: 10 * 60 + 30 }],
    ['2024-05-06T15:30:00Z', 'Asia/Kolkata', { date: '2024-05-06', weekday: 0, minutes: 21 * 60 }],
  ])('%s in %s', (instant, zone, expected) => {
    expect(localTimeIn(new Date(instant), zone)).toEqual(expected);
  });

  it('takes a company timezone setting only when it names a real zone', () => {
    expect(settingUpdateInputSchema.safeParse({ key: 'timezone', value: 'America/Bogota' }).success).toBe(true);
    expect(settingUpdateInputSchema.safeParse({ key: 'timezone', value: 'Mars/Olympus' }).success).toBe(false);
    expect(settingUpdateInputSchema.safeParse({ key: 'timezone', value: '' }).success).toBe(false);
  });

  it('falls back to São Paulo for an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('America/Sao_Paulo');
    expect(safeTimeZone(undefined)).toBe('America/Sao_Paulo');
    expect(safeTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('opening hours', () => {
  it.each([
    // [instant UTC, zone, open?, period when closed]
    ['Monday 12:00 in São Paulo', '2024-05-06T15:00:00Z', 'America/Sao_Paulo', true, undefined],
    ['Monday 08:00 sharp opens', '2024-05-06T11:00:00Z', 'America/Sao_Paulo', true, undefined],
    ['Monday 18:00 sharp is closed', '2024-05-06T21:00:00Z', 'America/Sao_Paulo', false, '2024-05-07T08:00'],
    ['Monday 07:59 waits for 08:00 today', '2024-05-06T10:59:00Z', 'America/Sao_Paulo', false, '2024-05-06T08:00'],
    ['Saturday 13:00 waits for Monday', '2024-05-11T16:00:00Z', 'America/Sao_Paulo', false, '2024-05-13T08:00'],
    ['Sunday (00:00-00:00) is closed', '2024-05-12T15:00:00Z', 'America/Sao_Paulo', false, '2024-05-13T08:00'],
    // The same instant is Monday 12:00 in São Paulo but Tuesday 00:00 in Tokyo.
    ['the same instant in Tokyo is Tuesday midnight', '2024-05-06T15:00:00Z', 'Asia/Tokyo', false, '2024-05-07T08:00'],
    ['Tokyo Tuesday 09:00', '2024-05-07T00:00:00Z', 'Asia/Tokyo', true, undefined],
    ['Kolkata (+05:30) Monday 17:59', '2024-05-06T12:29:00Z', 'Asia/Kolkata', true, undefined],
    ['Kolkata Monday 18:00', '2024-05-06T12:30:00Z', 'Asia/Kolkata', false, '2024-05-07T08:00'],
  ])('%s', (_name, instant, zone, open, period) => {
    const state = openingState(week, new Date(instant), zone);
    expect(state.open).toBe(open);
    if (!state.open) expect(state.period).toBe(period);
  });

  it('treats no hours at all as always open, and a missing weekday as closed', () => {
    expect(openingState([], new Date('2024-05-12T15:00:00Z'), 'America/Sao_Paulo')).toEqual({ open: true });
    const weekdaysOnly = week.filter((row) => row.weekdayEn !== 'saturday');
    expect(openingState(weekdaysOnly, new Date('2024-05-11T13:00:00Z'), 'America/Sao_Paulo')).toEqual({ open: false, period: '2024-05-13T08:00' });
  });

  it('runs hours that end before they start past midnight, and 00:00 as the end of the day', () => {
    const night: HoursRow[] = [
      { weekdayEn: 'friday', startTime: '20:00', endTime: '02:00' },
      { weekdayEn: 'saturday', startTime: '18:00', endTime: '00:00' },
    ];
    const zone = 'America/Bogota'; // UTC-5 all year
    expect(openingState(night, new Date('2024-05-11T01:00:00Z'), zone).open).toBe(true); // Fri 20:00
    expect(openingState(night, new Date('2024-05-11T06:30:00Z'), zone).open).toBe(true); // Sat 01:30 (Friday's tail)
    expect(openingState(night, new Date('2024-05-11T07:00:00Z'), zone)).toEqual({ open: false, period: '2024-05-11T18:00' }); // Sat 02:00
    expect(openingState(night, new Date('2024-05-12T04:59:00Z'), zone).open).toBe(true); // Sat 23:59
    expect(openingState(night, new Date('2024-05-12T05:00:00Z'), zone)).toEqual({ open: false, period: '2024-05-17T20:00' }); // Sun 00:00
  });

  it('says never when nothing opens within a week', () => {
    const closed: HoursRow[] = [{ weekdayEn: 'monday', startTime: '00:00', endTime: '00:00' }];
    expect(openingState(closed, new Date('2024-05-06T15:00:00Z'), 'America/Sao_Paulo')).toEqual({ open: false, period: 'never' });
  });
});
