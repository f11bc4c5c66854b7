/** UI text of the invoices screen and checkout (merged into the catalogue by messages.es.ts). */
export const invoicesMessages = {
  'invoices.title': 'Facturas',
  'invoices.searchPlaceholder': 'Buscar facturas',
  'invoices.empty': 'No hay facturas todavía.',
  'invoices.columns.id': 'Id',
  'invoices.columns.detail': 'Detalles',
  'invoices.columns.value': 'Valor',
  'invoices.columns.dueDate': 'Vencimiento',
  'invoices.columns.status': 'Estado',
  'invoices.columns.action': 'Acción',
  'invoices.state.paid': 'Pago',
  'invoices.state.overdue': 'Vencido',
  'invoices.state.unpaid': 'Sin pagar',
  'invoices.pay': 'PAGAR',
  'invoices.paid': 'PAGADO',
} as const;
