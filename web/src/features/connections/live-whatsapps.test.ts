import { describe, expect, it } from 'vitest';
import { normalizeWhatsapp } from './api/normalize.ts';
import { applyWhatsappEvent, parseWhatsappEvent } from './live-whatsapps.ts';
import { connection } from './test-support.ts';

/** A stored record as live events carry it: empty QR and number are simply absent. */
const stored = (id: number, fields: Record<string, unknown>) => ({
  id,
  companyId: 1,
  name: `Conexión ${id}`,
  isDefault: false,
  provider: 'sandbox',
  queueIds: [],
  updatedAt: '2025-01-01T10:05:00.000Z',
  ...fields,
});

describe('reading live connection events', () => {
  it('reads whatsapp updates, whatsappSession updates and deletes', () => {
    expect(
      parseWhatsappEvent('whatsapp', { action: 'update', whatsapp: stored(2, { status: 'OPENING' }) }),
    ).toMatchObject({
      action: 'update',
      whatsapp: { id: 2, status: 'OPENING', qrcode: '' },
    });
    expect(
      parseWhatsappEvent('whatsappSession', {
        action: 'update',
        session: stored(2, { status: 'qrcode', qrcode: '2@xyz' }),
      }),
    ).toMatchObject({ action: 'update', whatsapp: { id: 2, status: 'qrcode', qrcode: '2@xyz' } });
    expect(parseWhatsappEvent('whatsapp', { action: 'delete', whatsappId: 2 })).toEqual({
      action: 'delete',
      whatsappId: 2,
    });
  });

  it('ignores malformed events', () => {
    expect(parseWhatsappEvent('whatsapp', null)).toBeUndefined();
    expect(parseWhatsappEvent('whatsapp', { action: 'update' })).toBeUndefined();
    expect(
      parseWhatsappEvent('whatsappSession', { action: 'update', whatsapp: stored(2, {}) }),
    ).toBeUndefined();
    expect(parseWhatsappEvent('whatsapp', { action: 'delete' })).toBeUndefined();
    expect(parseWhatsappEvent('whatsapp', { action: 'reload' })).toBeUndefined();
  });

  it('reads the lower-case "connected" as CONNECTED', () => {
    expect(normalizeWhatsapp(stored(3, { status: 'connected' })).status).toBe('CONNECTED');
  });
});

describe('merging live connection events into the list', () => {
  it('replaces a connection in place and clears a QR the event no longer carries', () => {
    const list = [connection(1), connection(2, { status: 'qrcode', qrcode: '2@abc', token: 'secret' })];
    const event = parseWhatsappEvent('whatsappSession', {
      action: 'update',
      session: stored(2, { status: 'CONNECTED', number: '5511987654321' }),
    });
    const next = applyWhatsappEvent(list, event!);
    expect(next?.map((item) => item.id)).toEqual([1, 2]);
    expect(next?.[1]).toMatchObject({ status: 'CONNECTED', qrcode: '', number: '5511987654321' });
    // Live events never carry the token; the admin's copy stays.
    expect(next?.[1]?.token).toBe('secret');
  });

  it('adds a new connection in id order', () => {
    const list = [connection(1), connection(3)];
    const next = applyWhatsappEvent(list, {
      action: 'update',
      whatsapp: connection(2, { status: 'OPENING' }),
    });
    expect(next?.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('moves the default to the connection that became it', () => {
    const list = [connection(1, { isDefault: true }), connection(2)];
    const next = applyWhatsappEvent(list, { action: 'update', whatsapp: connection(2, { isDefault: true }) });
    expect(next?.map((item) => item.isDefault)).toEqual([false, true]);
  });

  it('ignores an event older than the list copy', () => {
    const list = [connection(1, { status: 'CONNECTED', updatedAt: '2025-01-01T10:10:00.000Z' })];
    const late = connection(1, { status: 'qrcode', qrcode: 'old', updatedAt: '2025-01-01T10:00:00.000Z' });
    expect(applyWhatsappEvent(list, { action: 'update', whatsapp: late })).toBe(list);
  });

  it('drops a deleted connection and leaves an unloaded list alone', () => {
    const list = [connection(1), connection(2)];
    expect(applyWhatsappEvent(list, { action: 'delete', whatsappId: 1 })?.map((item) => item.id)).toEqual([
      2,
    ]);
    expect(applyWhatsappEvent(list, { action: 'delete', whatsappId: 9 })).toBe(list);
    expect(applyWhatsappEvent(undefined, { action: 'update', whatsapp: connection(1) })).toBeUndefined();
  });
});
