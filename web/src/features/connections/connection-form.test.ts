import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@atende/shared/errors';
import { checkConnectionForm, connectionFormOf, emptyConnectionForm } from './connection-form.ts';
import { connection } from './test-support.ts';

describe('connection form', () => {
  it('requires a name of 2 to 50 characters with the spec texts (core §5)', () => {
    const check = (name: string) => checkConnectionForm({ ...emptyConnectionForm(), name }, false);
    expect(check('')).toEqual({ ok: false, errors: { name: 'Requerido' } });
    expect(check('a')).toEqual({ ok: false, errors: { name: 'muy corto' } });
    expect(check('x'.repeat(51))).toEqual({ ok: false, errors: { name: 'muy largo!' } });
  });

  it('builds the body with the defaults, "none" as null and numbers as numbers', () => {
    const checked = checkConnectionForm(
      { ...emptyConnectionForm(), name: '  Ventas  ', provider: 'sandbox' },
      false,
    );
    expect(checked).toEqual({
      ok: true,
      data: {
        name: 'Ventas',
        isDefault: false,
        provider: 'sandbox',
        greetingMessage: '',
        complationMessage: '',
        outOfHoursMessage: '',
        ratingMessage: '',
        expiresInactiveMessage: '',
        expiresTicket: 0,
        timeUseBotQueues: 0,
        maxUseBotQueues: 3,
        timeToTransfer: null,
        transferQueueId: null,
        silenceMinutes: 60,
        queueIds: [],
      },
    });
  });

  it('sends the silence watch minutes, 0 to turn it off, and refuses a negative one', () => {
    const off = checkConnectionForm({ ...emptyConnectionForm(), name: 'Ventas', silenceMinutes: '0' }, false);
    expect(off.ok && off.data.silenceMinutes).toBe(0);
    const bad = checkConnectionForm({ ...emptyConnectionForm(), name: 'Ventas', silenceMinutes: '-5' }, false);
    expect(bad).toEqual({ ok: false, errors: { silenceMinutes: 'Valor no válido' } });
  });

  it('round-trips a stored connection for editing', () => {
    const edited = { name: 'Soporte', isDefault: true, expiresTicket: 30, timeToTransfer: 10, transferQueueId: 2, queueIds: [2] };
    const stored = connection(4, { ...edited, token: 'tok', greetingMessage: 'Hola' });
    const checked = checkConnectionForm(connectionFormOf(stored), true);
    expect(checked).toMatchObject({ ok: true, data: edited });
    // The stored token is shown, never sent back: the server makes tokens.
    expect(checked.ok && 'token' in checked.data).toBe(false);
  });

  it("keeps the connection's AI prompt, and sends a cleared one as null", () => {
    const stored = connection(5, { name: 'Ventas', promptId: 7 });
    const values = connectionFormOf(stored);
    expect(values.promptId).toBe('7');
    expect(checkConnectionForm(values, true)).toMatchObject({ ok: true, data: { promptId: 7 } });
    expect(checkConnectionForm({ ...values, promptId: '' }, true)).toMatchObject({ ok: true, data: { promptId: null } });
    const fresh = checkConnectionForm({ ...emptyConnectionForm(), name: 'Nueva' }, true);
    expect(fresh.ok && 'promptId' in fresh.data).toBe(false);
  });

  it('refuses negative or fractional minutes in Spanish', () => {
    const checked = checkConnectionForm(
      { ...emptyConnectionForm(), name: 'Ventas', expiresTicket: '-1', maxUseBotQueues: '1.5' },
      false,
    );
    expect(checked).toEqual({
      ok: false,
      errors: { expiresTicket: 'Valor no válido', maxUseBotQueues: 'Valor no válido' },
    });
  });

  it('asks for a greeting when more than one queue is chosen', () => {
    const checked = checkConnectionForm(
      { ...emptyConnectionForm(), name: 'Ventas', queueIds: [1, 2] },
      false,
    );
    expect(checked).toEqual({
      ok: false,
      errors: { greetingMessage: errorCatalogue.ERR_WAPP_GREETING_REQUIRED.es },
    });
  });
});
