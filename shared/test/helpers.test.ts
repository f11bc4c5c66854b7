import { describe, expect, it, vi } from 'vitest';
import {
  calendarDayIn,
  dueDateAfter,
  dueDateColour,
  foldForSearch,
  formatMinutes,
  searchTokens,
  trialDaysLeft,
} from '../src/index.ts';

describe('dueDateAfter', () => {
  it('extends a day by the recurrence months', () => {
    expect(dueDateAfter('2024-03-15', 'MENSUAL')).toBe('2024-04-15');
    expect(dueDateAfter('2024-03-15', 'BIMESTRAL')).toBe('2024-05-15');
    expect(dueDateAfter('2024-03-15', 'TRIMESTRAL')).toBe('2024-06-15');
    expect(dueDateAfter('2024-03-15', 'SEMESTRAL')).toBe('2024-09-15');
    expect(dueDateAfter('2024-03-15', 'ANUAL')).toBe('2025-03-15');
  });

  it('crosses the year end', () => {
    expect(dueDateAfter('2024-11-30', 'TRIMESTRAL')).toBe('2025-02-28');
    expect(dueDateAfter('2024-12-10', 'MENSUAL')).toBe('2025-01-10');
  });

  it('clamps to the end of a shorter month instead of skipping it', () => {
    expect(dueDateAfter('2024-01-31', 'MENSUAL')).toBe('2024-02-29');
    expect(dueDateAfter('2023-01-31', 'MENSUAL')).toBe('2023-02-28');
    expect(dueDateAfter('2024-08-31', 'MENSUAL')).toBe('2024-09-30');
    expect(dueDateAfter('2024-02-29', 'ANUAL')).toBe('2025-02-28');
  });

  it('keeps the time of day of an instant and answers in ISO-8601 UTC', () => {
    expect(dueDateAfter('2024-01-31T15:30:00.000Z', 'MENSUAL')).toBe('2024-02-29T15:30:00.000Z');
    expect(dueDateAfter('2024-05-10T10:00:00-03:00', 'ANUAL')).toBe('2025-05-10T13:00:00.000Z');
  });

  it('accepts and returns Date objects', () => {
    const next = dueDateAfter(new Date('2024-05-10T00:00:00Z'), 'SEMESTRAL');
    expect(next).toBeInstanceOf(Date);
    expect(next.toISOString()).toBe('2024-11-10T00:00:00.000Z');
  });

  it('does not change its argument', () => {
    const original = new Date('2024-05-10T00:00:00Z');
    dueDateAfter(original, 'MENSUAL');
    expect(original.toISOString()).toBe('2024-05-10T00:00:00.000Z');
  });

  it('refuses invalid dates', () => {
    expect(() => dueDateAfter('not a date', 'MENSUAL')).toThrow(RangeError);
    expect(() => dueDateAfter('', 'MENSUAL')).toThrow(RangeError);
  });
});

describe('dueDateColour (literal reading of the spec)', () => {
  it('is yellow at exactly 5 days left', () => {
    expect(dueDateColour(5)).toBe('yellow');
  });

  it('is orange from -3 to 4 days left', () => {
    for (const days of [4, 3, 2, 1, 0, -1, -2, -3]) expect(dueDateColour(days)).toBe('orange');
  });

  it('is red exactly 4 days past', () => {
    expect(dueDateColour(-4)).toBe('red');
  });

  it('has no colour elsewhere', () => {
    for (const days of [6, 30, -5, -30]) expect(dueDateColour(days)).toBeNull();
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2024-05-10T12:00:00Z');

  it('rounds partial days up', () => {
    expect(trialDaysLeft(now, '2024-05-10T13:00:00Z')).toBe(1);
    expect(trialDaysLeft(now, '2024-05-12T12:00:01Z')).toBe(3);
  });

  it('counts whole days exactly', () => {
    expect(trialDaysLeft(now, '2024-05-13T12:00:00Z')).toBe(3);
  });

  it('is 0 at expiry and not negative zero shortly after', () => {
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(Object.is(trialDaysLeft(now, '2024-05-10T06:00:00Z'), 0)).toBe(true);
  });

  it('is negative after whole days past expiry', () => {
    expect(trialDaysLeft(now, '2024-05-08T12:00:00Z')).toBe(-2);
  });

  it('accepts epoch milliseconds', () => {
    expect(trialDaysLeft(now.getTime(), now.getTime() + 86_400_000 * 2)).toBe(2);
  });

  it('refuses invalid dates', () => {
    expect(() => trialDaysLeft(now, 'nonsense')).toThrow(RangeError);
  });
});

describe('foldForSearch', () => {
  it('lower-cases and strips accents', () => {
    expect(foldForSearch('João Conceição')).toBe('joao conceicao');
    expect(foldForSearch('ÁÉÍÓÚ àèìòù ÂÊÔ ÃÕ Ç Ñ Ü')).toBe('aeiou aeiou aeo ao c n u');
  });

  it('folds letters that have no decomposition', () => {
    expect(foldForSearch('Søren Straße Łódź')).toBe('soren strasse lodz');
  });

  it('collapses and trims whitespace, including tabs and newlines', () => {
    expect(foldForSearch('  Maria \t\n  da   Silva  ')).toBe('maria da silva');
  });

  it('keeps punctuation and digits', () => {
    expect(foldForSearch('Pedido #123-B')).toBe('pedido #123-b');
  });
});

describe('searchTokens', () => {
  it('splits folded words and drops one-letter tokens', () => {
    expect(searchTokens('José e Maria da Silva')).toEqual(['jose', 'maria', 'da', 'silva']);
  });

  it('removes duplicates after folding, keeping first-seen order', () => {
    expect(searchTokens('São Paulo SAO paulo são')).toEqual(['sao', 'paulo']);
  });

  it('splits on punctuation, so e-mails and phones are searchable by parts', () => {
    expect(searchTokens('joao.silva@gmail.com')).toEqual(['joao', 'silva', 'gmail', 'com']);
    expect(searchTokens('+55 (11) 99999-8888')).toEqual(['55', '11', '99999', '8888']);
  });

  it('is empty for blank text', () => {
    expect(searchTokens('   ')).toEqual([]);
    expect(searchTokens('a b c')).toEqual([]);
  });
});

describe('formatMinutes', () => {
  it('shows hours and minutes', () => {
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(45)).toBe('0h 45m');
    expect(formatMinutes(120)).toBe('2h 0m');
  });

  it('does not wrap at 24 hours', () => {
    expect(formatMinutes(1500)).toBe('25h 0m');
  });

  it('rounds fractional averages to the nearest minute', () => {
    expect(formatMinutes(59.6)).toBe('1h 0m');
    expect(formatMinutes(10.4)).toBe('0h 10m');
  });

  it('shows missing or negative values as zero', () => {
    expect(formatMinutes(0)).toBe('0h 0m');
    expect(formatMinutes(-5)).toBe('0h 0m');
    expect(formatMinutes(Number.NaN)).toBe('0h 0m');
  });
});

describe('calendarDayIn', () => {
  it('gives the day in São Paulo, not in UTC', () => {
    expect(calendarDayIn(new Date('2024-05-11T01:00:00Z'))).toBe('2024-05-10');
    expect(calendarDayIn(new Date('2024-05-11T01:00:00Z'), 'UTC')).toBe('2024-05-11');
  });

  it('makes one formatter per zone, not one per call (every protected request asks for today)', () => {
    calendarDayIn(new Date(), 'America/Manaus');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(calendarDayIn(new Date('2024-05-11T03:30:00Z'), 'America/Manaus')).toBe('2024-05-10');
      expect(calendarDayIn(new Date('2024-05-11T04:30:00Z'), 'America/Manaus')).toBe('2024-05-11');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(() => calendarDayIn(new Date(), 'Not/AZone')).toThrow();
  });
});
