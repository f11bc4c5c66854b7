import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A company's invoice for one billing period (extended §3 Invoice). The id is the period's due
 * date as digits (domain/invoice-rules.ts), so the key is deterministic per company and period
 * and a repeated invoice run cannot create a second one. Ordered by id, that is by due date.
 */
export const invoiceEntity = defineEntity(
  'invoice',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    detail: { type: 'string', required: true },
    value: { type: 'number', required: true },
    /** yyyy-MM-dd, the company's due date this invoice pays. */
    dueDate: { type: 'string', required: true, readOnly: true },
    status: { type: ['open', 'paid'] as const, default: 'open' },
    paidAt: { type: 'string' },
    /** The company's due date the payment set (the live `payment` event tells the SPA). */
    paidDueDate: { type: 'string' },
    /**
     * The charge checkout shows now (reused by the next PAGAR while open and unexpired); once
     * paid, the charge that paid. Every charge ever issued for the invoice is in `charges`.
     */
    chargeId: { type: 'string' },
    /**
     * Every charge issued for this invoice (docs/decisions.md, "Checkout: one open charge per
     * invoice"): any of them whose value covers the invoice pays it, once. The payload is the
     * PIX copy-and-paste code, shown to the company again when the charge is reused.
     */
    charges: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          provider: { type: 'string', required: true },
          value: { type: 'number', required: true },
          payload: { type: 'string', required: true },
          /** ISO instant after which the QR code is not shown again (absent: no expiry). */
          expiresAt: { type: 'string' },
          createdAt: { type: 'string', required: true },
        },
      },
    },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'INVOICE#${id}') },
  },
);
