/** The live `payment` event (docs/live-events.md): an invoice of the company turned paid. */
export interface PaymentConcluded {
  invoiceId: number;
  companyId: number;
  /** yyyy-MM-dd: the due date the payment set. */
  dueDate: string;
}

/** The event when it says CONCLUIDA for `companyId`; anything else is not this payment's news. */
export function paymentConcluded(data: unknown, companyId: number | undefined): PaymentConcluded | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const event = data as {
    action?: unknown;
    invoiceId?: unknown;
    company?: { id?: unknown; dueDate?: unknown };
  };
  if (event.action !== 'CONCLUIDA' || !event.company) return undefined;
  const id = Number(event.company.id);
  if (companyId === undefined || id !== companyId || typeof event.company.dueDate !== 'string')
    return undefined;
  return { invoiceId: Number(event.invoiceId), companyId: id, dueDate: event.company.dueDate };
}
