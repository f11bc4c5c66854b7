import { describe, expect, it } from 'vitest';
import { invoiceState } from '@atende/shared/entities/invoice';
import {
  addDays,
  extendDueDate,
  invoiceDetail,
  invoiceIdForDueDate,
  invoiceIsDue,
  invoiceLeadDays,
} from '#domain/invoice-rules';

describe('invoice periods', () => {
  it('names a period by its due date, so a repeated run writes the same key', () => {
    expect(invoiceIdForDueDate('2026-12-05')).toBe(20261205);
    expect(() => invoiceIdForDueDate('2026-12-5')).toThrow();
  });

  it('invoices a company from ten days before its due date, and after it', () => {
    const company = { id: 7, dueDate: '2026-12-15' };
    expect(invoiceLeadDays).toBe(10);
    expect(invoiceIsDue(company, '2026-12-04', 1)).toBe(false);
    expect(invoiceIsDue(company, '2026-12-05', 1)).toBe(true);
    expect(invoiceIsDue(company, '2027-01-20', 1)).toBe(true);
  });

  it('never invoices the platform company, a switched-off company or one without a due date', () => {
    expect(invoiceIsDue({ id: 1, dueDate: '2026-12-05' }, '2026-12-05', 1)).toBe(false);
    expect(invoiceIsDue({ id: 7, dueDate: '2026-12-05', status: false }, '2026-12-05', 1)).toBe(false);
    expect(invoiceIsDue({ id: 7 }, '2026-12-05', 1)).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('extends a due date by its recurrence, clamping to the month end', () => {
    expect(extendDueDate('2026-01-15')).toBe('2026-02-15');
    expect(extendDueDate('2026-01-31', 'MENSUAL')).toBe('2026-02-28');
    expect(extendDueDate('2028-01-31', 'MENSUAL')).toBe('2028-02-29');
    expect(extendDueDate('2026-12-10', 'MENSUAL')).toBe('2027-01-10');
    expect(extendDueDate('2026-11-30', 'BIMESTRAL')).toBe('2027-01-30');
    expect(extendDueDate('2026-08-31', 'TRIMESTRAL')).toBe('2026-11-30');
    expect(extendDueDate('2026-09-01', 'SEMESTRAL')).toBe('2027-03-01');
    expect(extendDueDate('2028-02-29', 'ANUAL')).toBe('2029-02-28');
  });

  it('writes the detail from the plan and the period', () => {
    expect(invoiceDetail('Plano 1', '2026-12-05')).toBe('Plano 1 - 12/2026');
  });

  it('shows Pago, Vencido once the due day has ended in the company time zone, otherwise Sin pagar', () => {
    const now = new Date('2026-12-06T02:00:00Z'); // still 5 December in São Paulo
    expect(invoiceState({ status: 'paid', dueDate: '2020-01-01' }, now)).toBe('paid');
    expect(invoiceState({ status: 'open', dueDate: '2026-12-05' }, now, 'America/Sao_Paulo')).toBe('unpaid');
    expect(invoiceState({ status: 'open', dueDate: '2026-12-05' }, now, 'UTC')).toBe('overdue');
  });
});
