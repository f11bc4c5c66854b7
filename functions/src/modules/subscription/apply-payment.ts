import { getCompany } from '#data/companies';
import { getInvoice, payInvoice } from '#data/invoices';
import { AppError } from '#domain/app-error';
import { extendDueDate } from '#domain/invoice-rules';
import { forgetCompanyContext } from '#http/company-context';

/**
 * A confirmed payment of an invoice (the sandbox's pay call, or a provider's verified webhook):
 * the invoice becomes paid and its company's due date moves by the company's recurrence from
 * the paid period (never backwards, if a super user already moved it further). Idempotent: a
 * replay finds the invoice paid and changes nothing.
 */
export async function applyPayment(
  reference: { companyId: number; invoiceId: number },
  chargeId: string,
): Promise<{ result: 'paid' | 'already-paid'; dueDate: string | undefined }> {
  const [invoice, company] = await Promise.all([
    getInvoice(reference.companyId, reference.invoiceId),
    getCompany(reference.companyId),
  ]);
  if (!invoice || !company) throw new AppError('ERR_NOT_FOUND');
  if (invoice.status === 'paid') return { result: 'already-paid', dueDate: company.dueDate };
  const extended = extendDueDate(invoice.dueDate, company.recurrence ?? 'MENSUAL');
  const dueDate = company.dueDate && company.dueDate > extended ? company.dueDate : extended;
  const result = await payInvoice(invoice, company, dueDate, chargeId);
  forgetCompanyContext(company.id);
  return { result, dueDate: result === 'paid' ? dueDate : (await getCompany(company.id))?.dueDate };
}
