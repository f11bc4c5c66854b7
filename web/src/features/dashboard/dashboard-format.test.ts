import { describe, expect, it } from 'vitest';
import { formatMinutes } from '@atende/shared/format-minutes';
import { chartPalette, tooltipText } from './chart-theme.ts';
import {
  describeParams,
  formatCount,
  formatHourSlot,
  formatIsoDay,
  formatRating,
  isHourly,
  ratingLevel,
  ticketsDayLabel,
  totalOf,
} from './dashboard-format.ts';

describe('numbers', () => {
  it('formats counts with Spanish digit grouping', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('reads a missing or broken count as 0', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('shows times in minutes as hours and minutes (core §9)', () => {
    expect(formatMinutes(0)).toBe('0h 0m');
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(12.6)).toBe('0h 13m');
  });

  it('adds the totals of a chart', () => {
    expect(totalOf([3, 0, 4])).toBe(7);
    expect(totalOf([])).toBe(0);
  });
});

describe('ratings', () => {
  it('reads an average as 1 unsatisfied, 2 satisfied or 3 very satisfied', () => {
    expect(ratingLevel(1)).toBe(1);
    expect(ratingLevel(1.4)).toBe(1);
    expect(ratingLevel(1.5)).toBe(2);
    expect(ratingLevel(2.49)).toBe(2);
    expect(ratingLevel(3)).toBe(3);
  });

  it('has no level when never rated', () => {
    expect(ratingLevel(null)).toBeUndefined();
    expect(ratingLevel(undefined)).toBeUndefined();
    expect(ratingLevel(0)).toBeUndefined();
  });

  it('shows the average with one decimal', () => {
    expect(formatRating(2.5)).toBe('2,5');
    expect(formatRating(3)).toBe('3,0');
  });
});

describe('tickets per day or hour', () => {
  it('labels days as DD/MM/YYYY', () => {
    expect(formatIsoDay('2025-05-03')).toBe('03/05/2025');
    expect(ticketsDayLabel({ data: '2025-12-31', total: 4 })).toBe('31/12/2025');
  });

  it('labels hour slots as HH:00', () => {
    expect(formatHourSlot('9')).toBe('09:00');
    expect(formatHourSlot('14')).toBe('14:00');
    expect(formatHourSlot('08:00')).toBe('08:00');
    expect(ticketsDayLabel({ horario: '7', total: 1 })).toBe('07:00');
  });

  it('knows a one-day answer by its hour slots', () => {
    expect(isHourly([{ horario: '10', total: 2 }])).toBe(true);
    expect(isHourly([{ data: '2025-05-01', total: 2 }])).toBe(false);
    expect(isHourly([])).toBe(false);
  });
});

describe('the applied filter in words', () => {
  it('names the period or the two dates as DD/MM/YYYY', () => {
    expect(describeParams({ days: 7 })).toBe('Últimos 7 días');
    expect(describeParams({ date_from: '2025-05-01', date_to: '2025-05-20' })).toBe(
      'Del 01/05/2025 al 20/05/2025',
    );
  });
});

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('chart colours', () => {
  // The panels the charts sit on (web/src/app/app.css --app-surface): white, and hsl(210 40% 11%).
  const surfaces = { light: '#ffffff', dark: '#111c27' } as const;

  it('keep axis text and the series readable on the panel in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const palette = chartPalette(mode);
      expect(contrast(palette.text, surfaces[mode])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.series, surfaces[mode])).toBeGreaterThanOrEqual(3);
    }
  });

  it('write the tooltip in the opposite tone of its background', () => {
    expect(tooltipText('light')).toBe('#ffffff');
    expect(tooltipText('dark')).toBe('#0d1a26');
  });
});
