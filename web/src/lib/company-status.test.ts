import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  daysUntilDue,
  dueDateView,
  formatDay,
  isCompanyExpired,
  isPaymentOnly,
} from './company-status.ts';

// 10:00 in São Paulo on 15 March 2025.
const now = new Date('2025-03-15T13:00:00Z');

describe('company due date', () => {
  it('counts whole calendar days', () => {
    expect(daysBetween('2025-03-15', '2025-03-20')).toBe(5);
    expect(daysBetween('2025-03-15', '2025-03-11')).toBe(-4);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
  });

  it('reads a day or an instant in the company time zone', () => {
    expect(daysUntilDue('2025-03-15', now)).toBe(0);
    // 01:00 UTC on the 16th is still the 15th in São Paulo.
    expect(daysUntilDue('2025-03-16T01:00:00Z', now)).toBe(0);
    expect(daysUntilDue(null, now)).toBeUndefined();
    expect(daysUntilDue('not a date', now)).toBeUndefined();
  });

  it('colours the row as core §2 says: yellow at 5, orange from -3 to 4, red at -4', () => {
    expect(dueDateView('2025-03-20', now)).toEqual({ label: '20/03/2025', daysLeft: 5, colour: 'yellow' });
    expect(dueDateView('2025-03-19', now)?.colour).toBe('orange');
    expect(dueDateView('2025-03-15', now)?.colour).toBe('orange');
    expect(dueDateView('2025-03-12', now)?.colour).toBe('orange');
    expect(dueDateView('2025-03-11', now)?.colour).toBe('red');
    expect(dueDateView('2025-04-30', now)?.colour).toBeNull();
    expect(dueDateView(undefined, now)).toBeUndefined();
  });

  it('formats days as DD/MM/YYYY', () => {
    expect(formatDay('2025-01-09')).toBe('09/01/2025');
    expect(formatDay('')).toBe('');
  });
});

describe('expired company', () => {
  it('is expired when the due date is before today or the company is switched off', () => {
    expect(isCompanyExpired({ status: true, dueDate: '2025-03-14' }, now)).toBe(true);
    expect(isCompanyExpired({ status: true, dueDate: '2025-03-15' }, now)).toBe(false);
    expect(isCompanyExpired({ status: false, dueDate: '2026-01-01' }, now)).toBe(true);
    expect(isCompanyExpired({ status: true, dueDate: null }, now)).toBe(false);
    expect(isCompanyExpired(undefined, now)).toBe(false);
  });

  it('limits everyone but super users of an expired company to payment', () => {
    const company = { status: true, dueDate: '2025-01-01' };
    expect(isPaymentOnly({ super: false, company }, now)).toBe(true);
    expect(isPaymentOnly({ super: true, company }, now)).toBe(false);
    expect(isPaymentOnly({ super: false, company: { status: true, dueDate: '2025-12-01' } }, now)).toBe(false);
    expect(isPaymentOnly(undefined, now)).toBe(false);
  });
});
