/**
 * Invoices (extended §2.20, §3 Invoice, §4 Invoices): one per company and billing period. A
 * period is named by the due date it pays, so the invoice's id and key come from that date and a
 * job that runs twice writes the same invoice twice, which the conditional create refuses.
 */

/** An invoice is created this many days before the due date it pays. */
export const invoiceLeadDays = 10;

/** The company's billing recurrences and how many months each moves the due date. */
export const recurrenceMonths = { MENSUAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof recurrenceMonths;

/** The invoice id of a period: its due date's digits (2026-12-25 -> 20261225), unique per company. */
export function invoiceIdForDueDate(dueDate: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) throw new Error(`not a calendar day: ${dueDate}`);
  return Number(dueDate.replaceAll('-', ''));
}

/** yyyy-MM-dd plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The due date after paying: the old one moved by the recurrence, the day kept or clamped to the
 * month's last day (01-31 + 1 month = 02-28). A payment made after the due date still counts
 * from the due date, so late payers do not gain days.
 */
export function extendDueDate(dueDate: string, recurrence: Recurrence = 'MENSUAL'): string {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const months = month - 1 + recurrenceMonths[recurrence];
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * Whether a company needs the invoice of its current due date today: an active client company
 * (not the platform's own) with a due date at most `invoiceLeadDays` ahead, or already past.
 */
export function invoiceIsDue(
  company: { id: number; status?: boolean; dueDate?: string },
  today: string,
  platformCompanyId: number,
): company is { id: number; status?: boolean; dueDate: string } {
  if (company.id === platformCompanyId || company.status === false || !company.dueDate) return false;
  return company.dueDate <= addDays(today, invoiceLeadDays);
}

/** The invoice's Detalles text. */
export function invoiceDetail(planName: string | undefined, dueDate: string): string {
  return `${planName ?? 'Plan'} - ${dueDate.slice(5, 7)}/${dueDate.slice(0, 4)}`;
}
