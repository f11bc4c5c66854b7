import { describe, expect, it } from 'vitest';
import { formatDueDate, formatEuro, formatReal } from './invoice-format.ts';

/** Intl writes a no-break space between the number and the symbol; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('invoice formats', () => {
  it('writes reais as pt-BR currency', () => {
    expect(plain(formatReal(1234.5))).toBe('R$ 1.234,50');
    expect(plain(formatReal(0))).toBe('R$ 0,00');
  });

  it('writes euros with the es-ES format', () => {
    expect(plain(formatEuro(49))).toBe('49,00 €');
    expect(plain(formatEuro(12345.6))).toBe('12.345,60 €');
  });

  it('writes a due date as DD/MM/YYYY whatever the time zone', () => {
    expect(formatDueDate('2026-12-05')).toBe('05/12/2026');
    expect(formatDueDate('2026-12-05T23:30:00.000Z')).toBe('05/12/2026');
  });
});
