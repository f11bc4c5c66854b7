import { invoiceListQuerySchema } from '@atende/shared/entities/invoice';
import { getCompany } from '#data/companies';
import { listInvoices, type InvoiceRecord } from '#data/invoices';
import { getPlan } from '#data/plans';
import { matchesSearch, pageOf } from '#domain/paging';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { makeDueInvoice } from './invoice-run.ts';

const invoicePageSize = 20;

function publicInvoice(invoice: InvoiceRecord) {
  return {
    id: invoice.id,
    detail: invoice.detail,
    value: invoice.value,
    dueDate: invoice.dueDate,
    status: invoice.status,
    companyId: invoice.companyId,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

/**
 * A company due (past its due date, or within the run's lead days) whose current invoice the
 * hourly run has not made yet gets it now, when it opens Financiero: it can pay at once.
 */
async function makeDueInvoiceNow(companyId: number): Promise<void> {
  const company = await getCompany(companyId);
  if (!company) return;
  await makeDueInvoice(company, await getPlan(company.planId), new Date());
}

/**
 * /api/invoices (extended §2.20, §7 Invoices): the caller's company's invoices. Open to a company
 * past its due date: paying is the one thing it may still do.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/invoices/all',
    access: 'admin',
    allowBlockedCompany: true,
    query: invoiceListQuerySchema,
    handler: async ({ principal, query }) => {
      await makeDueInvoiceNow(principal.companyId);
      const invoices = (await listInvoices(principal.companyId)).filter((invoice) =>
        matchesSearch(query.searchParam, invoice.detail, String(invoice.id), invoice.dueDate),
      );
      const page = pageOf(invoices, query.pageNumber, invoicePageSize);
      return { invoices: page.items.map(publicInvoice), count: page.count, hasMore: page.hasMore };
    },
  }),
]);
