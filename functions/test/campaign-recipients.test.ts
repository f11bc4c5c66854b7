import { describe, expect, it } from 'vitest';
import {
  publicRecipient,
  recipientCsvLine,
  recipientStateOf,
  recipientsInOrder,
} from '../src/domain/campaign-recipients.ts';

describe('campaign recipients on the report', () => {
  it('reads the state an entry written before the state was kept had, from its timestamps', () => {
    const at = '2026-11-28T10:00:00.000Z';
    expect(recipientStateOf({ position: 0, number: '1' })).toBe('pending');
    expect(recipientStateOf({ position: 0, number: '1', confirmationRequestedAt: at })).toBe(
      'awaitingConfirmation',
    );
    expect(recipientStateOf({ position: 0, number: '1', deliveredAt: at })).toBe('delivered');
    expect(
      recipientStateOf({
        position: 0,
        number: '1',
        confirmationRequestedAt: at,
        deliveredAt: at,
        confirmedAt: at,
      }),
    ).toBe('confirmed');
    expect(recipientStateOf({ position: 0, number: '1', recipientState: 'notOnWhatsapp' })).toBe(
      'notOnWhatsapp',
    );
  });

  it('filters and orders entries read whole by position, not by their key text', () => {
    const at = '2026-11-28T10:00:00.000Z';
    const entries = [10, 2, 1].map((position) => ({
      position,
      number: String(position),
      ...(position === 2 ? {} : { deliveredAt: at }),
    }));
    expect(recipientsInOrder(entries, undefined).map((e) => e.position)).toEqual([1, 2, 10]);
    expect(recipientsInOrder(entries, 'delivered').map((e) => e.position)).toEqual([1, 10]);
  });

  it('writes a name a spreadsheet would run as text in the export', () => {
    const line = recipientCsvLine(
      publicRecipient({
        position: 0,
        name: '=HYPERLINK("http://x")',
        number: '5511',
        recipientState: 'pending',
      }),
    );
    expect(line).toBe(`"'=HYPERLINK(""http://x"")";5511;pending;;;;;`);
  });

  it('shows a failed send with when and why, in the answer and the export', () => {
    const at = '2026-11-28T10:00:00.000Z';
    const failedAt = '2026-11-28T10:00:02.000Z';
    const entry = {
      position: 3,
      name: 'Ana',
      number: '99911',
      deliveredAt: at,
      recipientState: 'failed' as const,
      failedAt,
      failureReason: 'sendRefused' as const,
    };
    expect(recipientStateOf(entry)).toBe('failed');
    const recipient = publicRecipient(entry);
    expect(recipient).toMatchObject({ state: 'failed', failedAt, failureReason: 'sendRefused', deliveredAt: at });
    expect(recipientCsvLine(recipient)).toBe(`Ana;99911;failed;;${at};;${failedAt};sendRefused`);
    expect(publicRecipient({ position: 0, number: '1' })).toMatchObject({ failedAt: null, failureReason: null });
    expect(recipientsInOrder([entry, { position: 1, number: '2', deliveredAt: at }], 'failed')).toEqual([entry]);
  });
});
