import type { invoicesMessages } from './invoices.es.ts';

/** English (en) UI text of the invoices screen (merged by messages.en.ts). */
export const invoicesMessagesEn: Record<keyof typeof invoicesMessages, string> = {
  'invoices.title': 'Invoices',
  'invoices.searchPlaceholder': 'Search invoices',
  'invoices.empty': 'No invoices yet.',
  'invoices.columns.id': 'Id',
  'invoices.columns.detail': 'Details',
  'invoices.columns.value': 'Amount',
  'invoices.columns.dueDate': 'Due date',
  'invoices.columns.status': 'Status',
  'invoices.columns.action': 'Action',
  'invoices.state.paid': 'Paid',
  'invoices.state.overdue': 'Overdue',
  'invoices.state.unpaid': 'Unpaid',
  'invoices.pay': 'PAY',
  'invoices.paid': 'PAID',
};
