import type { invoicesMessages } from './invoices.es.ts';

/** Brazilian Portuguese text of the invoices screen and checkout. */
export const invoicesMessagesPtBr: Record<keyof typeof invoicesMessages, string> = {
  'invoices.title': 'Faturas',
  'invoices.searchPlaceholder': 'Buscar faturas',
  'invoices.empty': 'Ainda não há faturas.',
  'invoices.columns.id': 'Id',
  'invoices.columns.detail': 'Detalhes',
  'invoices.columns.value': 'Valor',
  'invoices.columns.dueDate': 'Vencimento',
  'invoices.columns.status': 'Status',
  'invoices.columns.action': 'Ação',
  'invoices.state.paid': 'Pago',
  'invoices.state.overdue': 'Vencido',
  'invoices.state.unpaid': 'Em aberto',
  'invoices.pay': 'PAGAR',
  'invoices.paid': 'PAGO',
};
