import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

/**
 * A company's invoice for one billing period (extended §3 Invoice). The id is the period's due
 * date as digits (domain/invoice-rules.ts), so the key is deterministic per company and period
 * and a repeated invoice run cannot create a second one. Ordered by id, that is by due date.
 */
export const invoiceEntity = new Entity(
  {
    model: { entity: 'invoice', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      detail: { type: 'string', required: true },
      value: { type: 'number', required: true },
      /** yyyy-MM-dd, the company's due date this invoice pays. */
      dueDate: { type: 'string', required: true, readOnly: true },
      status: { type: ['open', 'paid'] as const, default: 'open' },
      paidAt: { type: 'string' },
      /** The company's due date the payment set (the live `payment` event tells the SPA). */
      paidDueDate: { type: 'string' },
      /** The payment provider's charge for this invoice, once checkout asked for one. */
      chargeId: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'INVOICE#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);
