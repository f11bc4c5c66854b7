import { everyone } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';

/**
 * `payment` events (extended §4 Checkout): when an invoice turns paid, the company's users hear
 * `{ action: "CONCLUIDA", invoiceId, company: { id, dueDate } }` with the due date the payment
 * set; the checkout shows the renewal message and goes to /. Nothing else about invoices is live.
 */
export const invoiceEventRule: EventRule = (change) => {
  const before = change.oldItem;
  const after = change.newItem;
  if (!after || after.status !== 'paid' || before?.status === 'paid') return [];
  const companyId = Number(after.companyId);
  return [
    {
      companyId,
      event: 'payment',
      data: {
        action: 'CONCLUIDA',
        invoiceId: after.id,
        company: { id: companyId, dueDate: after.paidDueDate },
      },
      audience: everyone,
    },
  ];
};
