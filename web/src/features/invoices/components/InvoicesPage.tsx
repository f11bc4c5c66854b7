import { Badge, Button, TableCell, TableRow } from '@aws-amplify/ui-react';
import { invoiceState, type InvoiceState } from '@atende/shared/entities/invoice';
import { defaultTimeZone } from '@atende/shared/constants';
import { ListCard, ListPage, ListTable, useListSearch, usePageRows } from '../../../components/ListPage.tsx';
import { t } from '../../../i18n/index.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { formatDueDate, formatReal } from '../invoice-format.ts';
import '../invoices.css';

const stateBadge: Record<InvoiceState, 'success' | 'error' | 'warning'> = {
  paid: 'success',
  overdue: 'error',
  unpaid: 'warning',
};

/**
 * extended §2.20 Invoices (/financeiro, Facturas): Id, Detalles, Valor, Data Venc., Estado,
 * Acción; search and infinite scroll. Vencido rows are highlighted; unpaid ones offer PAGAR when
 * the screen is given a way to pay.
 */
export function InvoicesPage({ onPay }: { onPay?: (invoiceId: number) => void }) {
  const search = useListSearch();
  const invoices = useInvoices(search.term);
  const rows = usePageRows(invoices.data, 'invoices');
  const now = new Date();

  return (
    <ListPage
      title={t('invoices.title')}
      search={{ ...search, placeholder: t('invoices.searchPlaceholder') }}
      addLabel=""
    >
      <ListCard
        testId="invoices-list"
        query={invoices}
        isEmpty={rows.length === 0}
        empty={search.term ? t('common.noRecords') : t('invoices.empty')}
      >
        <ListTable
          actions={false}
          columns={[
            { label: t('invoices.columns.id') },
            { label: t('invoices.columns.detail') },
            { label: t('invoices.columns.value') },
            { label: t('invoices.columns.dueDate') },
            { label: t('invoices.columns.status') },
            { label: t('invoices.columns.action') },
          ]}
        >
          {rows.map((invoice) => {
            const state = invoiceState(invoice, now, defaultTimeZone);
            return (
              <TableRow
                key={invoice.id}
                data-invoice-id={invoice.id}
                data-state={state}
                className={state === 'overdue' ? 'invoice-row--overdue' : undefined}
              >
                <TableCell>{invoice.id}</TableCell>
                <TableCell>{invoice.detail}</TableCell>
                <TableCell>{formatReal(invoice.value)}</TableCell>
                <TableCell>{formatDueDate(invoice.dueDate)}</TableCell>
                <TableCell>
                  <Badge size="small" variation={stateBadge[state]}>
                    {t(`invoices.state.${state}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  {state === 'paid' ? (
                    <Badge size="small">{t('invoices.paid')}</Badge>
                  ) : (
                    onPay && (
                      <Button size="small" variation="primary" onClick={() => onPay(invoice.id)}>
                        {t('invoices.pay')}
                      </Button>
                    )
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      </ListCard>
    </ListPage>
  );
}
