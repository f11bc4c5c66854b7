import { describe, expect, it } from 'vitest';
import {
  chartRangeOf,
  currentMonthRange,
  dashboardParamsOf,
  defaultFilter,
  isIsoDate,
  periodOptions,
  sameParams,
  toIsoDate,
  type DashboardFilter,
} from './dashboard-filter.ts';

const filter = (patch: Partial<DashboardFilter>): DashboardFilter => ({
  type: 'date',
  dateFrom: '',
  dateTo: '',
  days: 0,
  ...patch,
});

describe('default period', () => {
  it('is the whole current month up to today', () => {
    expect(currentMonthRange(new Date(2025, 4, 20, 18, 30))).toEqual({
      initialDate: '2025-05-01',
      finalDate: '2025-05-20',
    });
  });

  it('is a single day on the first of the month', () => {
    expect(currentMonthRange(new Date(2026, 0, 1, 0, 5))).toEqual({
      initialDate: '2026-01-01',
      finalDate: '2026-01-01',
    });
  });

  it('opens the filter by date with that range', () => {
    const opened = defaultFilter(new Date(2024, 1, 29, 9));
    expect(opened).toEqual({ type: 'date', dateFrom: '2024-02-01', dateTo: '2024-02-29', days: 0 });
    expect(dashboardParamsOf(opened)).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' });
  });

  it('writes the local calendar day, not the UTC one', () => {
    expect(toIsoDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
    expect(toIsoDate(new Date(2025, 0, 1, 0, 0))).toBe('2025-01-01');
  });
});

describe('filter → GET /dashboard query', () => {
  it('offers none and the periods of core §9', () => {
    expect(periodOptions).toEqual([0, 3, 7, 15, 30, 60, 90]);
  });

  it('sends the period in days', () => {
    expect(dashboardParamsOf(filter({ type: 'period', days: 7 }))).toEqual({ days: 7 });
    expect(
      dashboardParamsOf(filter({ type: 'period', days: 90, dateFrom: '2025-01-01', dateTo: '2025-01-31' })),
    ).toEqual({
      days: 90,
    });
  });

  it('sends both dates for the filter by date', () => {
    expect(dashboardParamsOf(filter({ dateFrom: '2025-03-01', dateTo: '2025-03-15', days: 30 }))).toEqual({
      date_from: '2025-03-01',
      date_to: '2025-03-15',
    });
    expect(dashboardParamsOf(filter({ dateFrom: '2025-03-15', dateTo: '2025-03-15' }))).toEqual({
      date_from: '2025-03-15',
      date_to: '2025-03-15',
    });
  });

  it('asks nothing with no period and no valid dates (Parametriza el filtro)', () => {
    expect(dashboardParamsOf(filter({ type: 'period', days: 0 }))).toBeUndefined();
    expect(dashboardParamsOf(filter({ dateFrom: '2025-03-01', dateTo: '' }))).toBeUndefined();
    expect(dashboardParamsOf(filter({ dateFrom: '', dateTo: '2025-03-01' }))).toBeUndefined();
    expect(dashboardParamsOf(filter({ dateFrom: '2025-02-30', dateTo: '2025-03-01' }))).toBeUndefined();
    expect(dashboardParamsOf(filter({ dateFrom: '2025-03-02', dateTo: '2025-03-01' }))).toBeUndefined();
  });
});

describe('chart ranges', () => {
  it('takes two valid days in order', () => {
    expect(chartRangeOf('2025-05-01', '2025-05-20')).toEqual({
      initialDate: '2025-05-01',
      finalDate: '2025-05-20',
    });
    expect(chartRangeOf('2025-05-20', '2025-05-01')).toBeUndefined();
    expect(chartRangeOf('', '2025-05-01')).toBeUndefined();
  });

  it('checks real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('01/05/2025')).toBe(false);
  });
});

describe('sameParams', () => {
  it('compares queries whatever the key order', () => {
    expect(
      sameParams(
        { date_from: '2025-01-01', date_to: '2025-01-31' },
        { date_to: '2025-01-31', date_from: '2025-01-01' },
      ),
    ).toBe(true);
    expect(sameParams({ days: 7 }, { days: 15 })).toBe(false);
    expect(sameParams({ days: 7 }, undefined)).toBe(false);
    expect(sameParams(undefined, undefined)).toBe(true);
  });
});
