/** Invoice (extended §3, §4) and GET /invoices/all. */
import * as z from 'zod';
import { calendarDayIn, isCalendarDay } from '../calendar-day.ts';
import { defaultTimeZone } from '../constants.ts';
import { idSchema } from '../fields.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';

export const invoiceSchema = z.object({
  id: idSchema,
  detail: z.string(),
  value: z.number().nonnegative(),
  dueDate: z.string(),
  /** "paid" once paid; anything else is unpaid. */
  status: z.string(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = pagedSearchQuerySchema;
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export type InvoiceState = 'paid' | 'overdue' | 'unpaid';

/**
 * Pago when paid; Vencido when past due and unpaid; otherwise Sin pagar. A yyyy-MM-dd due
 * date is past once that day has ended in the company's time zone.
 */
export function invoiceState(
  invoice: Pick<Invoice, 'status' | 'dueDate'>,
  now: Date,
  timeZone: string = defaultTimeZone,
): InvoiceState {
  if (invoice.status === 'paid') return 'paid';
  const overdue = isCalendarDay(invoice.dueDate)
    ? invoice.dueDate < calendarDayIn(now, timeZone)
    : new Date(invoice.dueDate).getTime() < now.getTime();
  return overdue ? 'overdue' : 'unpaid';
}

export const invoiceStateLabels = { paid: 'Pago', overdue: 'Vencido', unpaid: 'Sin pagar' } as const;
