import type { EntityItem } from 'electrodb';
import { companyEntity } from './company-entity.ts';
import { invoiceEntity } from './invoice-entity.ts';
import { AppError } from '#domain/app-error';
import { isConditionFailure, writtenIf } from './sessions.ts';
import { writeAll } from './transaction.ts';
import { getCompanyItem } from './company-items.ts';

export type InvoiceRecord = EntityItem<typeof invoiceEntity>;

/**
 * AP-INV-1: create a period's invoice unless it exists (conditional create on its deterministic
 * key). Answers whether this call created it: a doubled or retried run answers false.
 */
export async function createInvoiceOnce(invoice: {
  companyId: number;
  id: number;
  detail: string;
  value: number;
  dueDate: string;
}): Promise<boolean> {
  return writtenIf(() => invoiceEntity.create(invoice).go());
}

/**
 * AP-INV-2: a company's invoices, newest due date first: `pk = C#<companyId>`, `sk begins_with
 * INVOICE#`, read backwards. One per billing period (twelve a year at most), so search and
 * pages are applied in memory.
 */
export async function listInvoices(companyId: number): Promise<InvoiceRecord[]> {
  const { data } = await invoiceEntity.query.byId({ companyId }).go({ pages: 'all', order: 'desc' });
  return data;
}

/** AP-INV-3: an invoice by id. */
export async function getInvoice(companyId: number, id: number): Promise<InvoiceRecord | undefined> {
  return getCompanyItem(invoiceEntity, companyId, id);
}

/**
 * AP-INV-4: record an invoice as paid and move its company's due date, in one transaction
 * conditioned on the invoice still being open and the company's due date being the one read.
 * Answers 'paid', or 'already-paid' when the invoice was paid before (a replayed notification:
 * nothing changes). A concurrent change of the due date answers a conflict (the provider retries).
 */
export async function payInvoice(
  invoice: InvoiceRecord,
  company: { id: number; dueDate?: string },
  newDueDate: string,
  chargeId: string,
): Promise<'paid' | 'already-paid'> {
  if (invoice.status === 'paid') return 'already-paid';
  try {
    await writeAll(
      { invoice: invoiceEntity, company: companyEntity },
      ({ invoice: invoices, company: companies }) => [
        invoices
          .patch({ companyId: invoice.companyId, id: invoice.id })
          .set({ status: 'paid', paidAt: new Date().toISOString(), paidDueDate: newDueDate, chargeId })
          .where(({ status }, { eq }) => eq(status, 'open'))
          .commit(),
        companies
          .patch({ id: company.id })
          .set({ dueDate: newDueDate })
          .where(({ dueDate }, { eq, notExists }) =>
            company.dueDate ? eq(dueDate, company.dueDate) : notExists(dueDate),
          )
          .commit(),
      ],
      [undefined, undefined],
      'ERR_RECORD_CONFLICT',
    );
    return 'paid';
  } catch (error) {
    const now = await getInvoice(invoice.companyId, invoice.id);
    if (now?.status === 'paid') return 'already-paid';
    throw error;
  }
}

export type InvoiceCharge = NonNullable<InvoiceRecord['charges']>[number];

/**
 * AP-INV-5: add a charge the provider issued for an open invoice (checkout) to the invoice's
 * list and make it the one shown; conditioned on the invoice still being open. Earlier charges
 * stay in the list: paying any of them still pays the invoice.
 */
export async function addInvoiceCharge(invoice: InvoiceRecord, charge: InvoiceCharge): Promise<void> {
  await invoiceEntity
    .patch({ companyId: invoice.companyId, id: invoice.id })
    .append({ charges: [charge] })
    .set({ chargeId: charge.id })
    .where(({ status }, { eq }) => eq(status, 'open'))
    .go()
    .catch((error: unknown) => {
      if (isConditionFailure(error)) throw new AppError('ERR_RECORD_CONFLICT');
      throw error;
    });
}
