import { describe, expect, it } from 'vitest';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { checkContactForm, contactFormOf, emptyContactForm, emptyExtraInfoRow } from './contact-form.ts';

describe('contact form (core §5 Contact)', () => {
  it('reports the spec texts: Requerido, muy corto, muy largo!, Email no valido', () => {
    expect(checkContactForm(emptyContactForm())).toEqual({
      ok: false,
      errors: { name: msg.required, number: msg.required },
    });
    expect(checkContactForm({ ...emptyContactForm(), name: 'A', number: '1234567', email: 'nope' })).toEqual({
      ok: false,
      errors: {
        name: 'muy corto',
        number: 'muy corto',
        email: 'Email no valido',
      },
    });
    expect(checkContactForm({ ...emptyContactForm(), name: 'x'.repeat(51), number: '9'.repeat(51) })).toEqual(
      {
        ok: false,
        errors: { name: 'muy largo!', number: 'muy largo!' },
      },
    );
  });

  it('accepts 2..50 names, 8..50 numbers and an empty e-mail, trimming them', () => {
    const result = checkContactForm({ name: ' Jo ', number: ' 12345678 ', email: '', extraInfo: [] });
    expect(result).toEqual({ ok: true, data: { name: 'Jo', number: '12345678', email: '', extraInfo: [] } });
    const full = checkContactForm({
      name: 'x'.repeat(50),
      number: '9'.repeat(50),
      email: 'ana@example.com',
      extraInfo: [],
    });
    expect(full.ok).toBe(true);
  });

  it('sends the extra-info rows, drops blank ones and keeps ids for the rows being edited', () => {
    const form = contactFormOf({
      name: 'Ana Pérez',
      number: '5511987654321',
      email: 'ana@example.com',
      extraInfo: [{ id: 4, name: 'CPF', value: '123' }],
    });
    form.extraInfo.push(emptyExtraInfoRow(), { ...emptyExtraInfoRow(), name: ' Empresa ', value: ' ACME ' });
    expect(checkContactForm(form)).toEqual({
      ok: true,
      data: {
        name: 'Ana Pérez',
        number: '5511987654321',
        email: 'ana@example.com',
        extraInfo: [
          { id: 4, name: 'CPF', value: '123' },
          { name: 'Empresa', value: 'ACME' },
        ],
      },
    });
  });

  it('reports a row without a name at the position the form shows it', () => {
    const form = { ...emptyContactForm(), name: 'Ana', number: '12345678' };
    form.extraInfo = [emptyExtraInfoRow(), { ...emptyExtraInfoRow(), value: 'sin nombre' }];
    expect(checkContactForm(form)).toEqual({ ok: false, errors: { 'extraInfo.1.name': msg.required } });
  });

  it('gives every row its own stable key', () => {
    const form = contactFormOf({
      extraInfo: [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
      ],
    });
    const keys = new Set([...form.extraInfo, emptyExtraInfoRow()].map((row) => row.key));
    expect(keys.size).toBe(3);
  });
});
