/**
 * Money and dates as the invoice and checkout screens show them (extended §9): invoices and the
 * review step in reais (R$), the plan prices of checkout in euros; in Spanish with the spec's
 * formats (pt-BR for reais, es-ES for euros), in the other languages their own (docs/i18n.md).
 */
import { formatCalendarDay, formatMoney } from '../../i18n/format.ts';

export function formatReal(value: number): string {
  return formatMoney(value, 'BRL');
}

export function formatEuro(value: number): string {
  return formatMoney(value, 'EUR');
}

/** yyyy-MM-dd (or an ISO instant) as DD/MM/YYYY (in the UI's language), without moving the day through time zones. */
export function formatDueDate(dueDate: string): string {
  return formatCalendarDay(dueDate);
}
