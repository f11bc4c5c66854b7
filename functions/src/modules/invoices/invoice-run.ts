import { calendarDayIn } from '@atende/shared/calendar-day';
import { defaultTimeZone } from '@atende/shared/constants';
import { listAllCompanies, type CompanyRecord } from '#data/companies';
import { createInvoiceOnce } from '#data/invoices';
import { listPlans } from '#data/plans';
import { platformCompanyId } from '#domain/company-rules';
import { invoiceDetail, invoiceIdForDueDate, invoiceIsDue } from '#domain/invoice-rules';

/**
 * The invoice run (a recurring schedule's message): every client company whose due date is
 * near or past gets the invoice of that due date, valued at its plan's price. Each invoice is a
 * conditional create on its period's key, so a run delivered twice, or two runs at once,
 * create each invoice once. Answers how many it created.
 */
export async function runInvoices(now: Date): Promise<number> {
  const [companies, plans] = await Promise.all([listAllCompanies(), listPlans()]);
  const planById = new Map(plans.map((plan) => [plan.id, plan]));
  let created = 0;
  for (const company of companies) {
    if (await makeDueInvoice(company, planById.get(company.planId), now)) created++;
  }
  return created;
}

/**
 * The invoice of the company's current due date, when it is due (near or past), made unless it
 * exists: the run's step for one company, and the one GET /invoices/all takes at once for its
 * caller (docs/decisions.md, "Invoices on demand"). A conditional create, so two tabs, or a
 * tab and the run, make one invoice. Answers whether this call made it.
 */
export async function makeDueInvoice(
  company: CompanyRecord,
  plan: { name?: string; value?: number } | undefined,
  now: Date,
): Promise<boolean> {
  const today = calendarDayIn(now, company.timezone ?? defaultTimeZone);
  if (!invoiceIsDue(company, today, platformCompanyId)) return false;
  return createInvoiceOnce({
    companyId: company.id,
    id: invoiceIdForDueDate(company.dueDate),
    detail: invoiceDetail(plan?.name, company.dueDate),
    value: plan?.value ?? 0,
    dueDate: company.dueDate,
  });
}
