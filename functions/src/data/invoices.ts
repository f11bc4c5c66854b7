import type { EntityItem } from 'electrodb';
import { invoiceEntity } from './invoice-entity.ts';
import { isConditionFailure } from './sessions.ts';

export type InvoiceRecord = EntityItem<typeof invoiceEntity>;

/**
 * AP-IN-1: create a period's invoice unless it exists (conditional create on its deterministic
 * key). Answers whether this call created it: a doubled or retried run answers false.
 */
export async function createInvoiceOnce(invoice: {
  companyId: number;
  id: number;
  detail: string;
  value: number;
  dueDate: string;
}): Promise<boolean> {
  try {
    await invoiceEntity.create(invoice).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * AP-IN-2: a company's invoices, newest due date first: `pk = C#<companyId>`, `sk begins_with
 * INVOICE#`, read backwards. One per billing period (twelve a year at most), so search and
 * pages are applied in memory.
 */
export async function listInvoices(companyId: number): Promise<InvoiceRecord[]> {
  const { data } = await invoiceEntity.query.byId({ companyId }).go({ pages: 'all', order: 'desc' });
  return data;
}

/** AP-IN-3: an invoice by id. */
export async function getInvoice(companyId: number, id: number): Promise<InvoiceRecord | undefined> {
  const { data } = await invoiceEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
}
