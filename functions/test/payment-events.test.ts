import { describe, expect, it } from 'vitest';
import { eventsFor } from '../src/live/event-rules.ts';
import type { EntityChange } from '../src/live/live-event.ts';

const invoice = { companyId: 7, id: 20261205, detail: 'Plano 1 - 12/2026', value: 49, dueDate: '2026-12-05' };
const change = (
  kind: EntityChange['kind'],
  oldItem?: Record<string, unknown>,
  newItem?: Record<string, unknown>,
) => ({ entity: 'invoice', kind, oldItem, newItem }) as EntityChange;

describe('payment live events', () => {
  it('tells the company CONCLUIDA with the new due date when an invoice turns paid', async () => {
    const outputs = await eventsFor(
      change(
        'update',
        { ...invoice, status: 'open' },
        { ...invoice, status: 'paid', paidDueDate: '2027-01-05' },
      ),
    );
    expect(outputs).toEqual([
      expect.objectContaining({
        companyId: 7,
        event: 'payment',
        data: { action: 'CONCLUIDA', invoiceId: 20261205, company: { id: 7, dueDate: '2027-01-05' } },
      }),
    ]);
  });

  it('says nothing for a new open invoice, a change of an already paid one, or a deletion', async () => {
    expect(await eventsFor(change('create', undefined, { ...invoice, status: 'open' }))).toEqual([]);
    expect(
      await eventsFor(change('update', { ...invoice, status: 'paid' }, { ...invoice, status: 'paid' })),
    ).toEqual([]);
    expect(await eventsFor(change('delete', { ...invoice, status: 'paid' }, undefined))).toEqual([]);
  });
});
