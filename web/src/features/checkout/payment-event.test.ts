import { describe, expect, it } from 'vitest';
import { paymentConcluded } from './payment-event.ts';

describe('paymentConcluded', () => {
  const event = { action: 'CONCLUIDA', invoiceId: 20261205, company: { id: 7, dueDate: '2027-01-05' } };

  it('reads a CONCLUIDA event of the company', () => {
    expect(paymentConcluded(event, 7)).toEqual({ invoiceId: 20261205, companyId: 7, dueDate: '2027-01-05' });
  });

  it('ignores another company, another action and malformed data', () => {
    expect(paymentConcluded(event, 8)).toBeUndefined();
    expect(paymentConcluded({ ...event, action: 'PENDENTE' }, 7)).toBeUndefined();
    expect(paymentConcluded({ action: 'CONCLUIDA' }, 7)).toBeUndefined();
    expect(paymentConcluded(null, 7)).toBeUndefined();
    expect(paymentConcluded(event, undefined)).toBeUndefined();
  });
});
