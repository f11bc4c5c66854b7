import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contactCreateInputSchema } from '@atende/shared/entities/contact';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { validateForm } from './form-validation.ts';

describe('form validation texts', () => {
  it("gives the schema's texts as they are, the ones the API answers", () => {
    const schema = z.object({
      name: z.string().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong),
    });
    expect(validateForm(schema, { name: 'A' })).toEqual({
      ok: false,
      errors: { name: 'muy corto' },
    });
    expect(validateForm(schema, { name: 'x'.repeat(51) })).toEqual({
      ok: false,
      errors: { name: 'muy largo!' },
    });
    expect(validateForm(schema, { name: '' })).toEqual({ ok: false, errors: { name: 'Requerido' } });
  });

  it('keeps a text that already names its number, and texts of other rules', () => {
    const schema = z.object({
      code: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres'),
      email: z.string().regex(z.regexes.email, msg.invalidEmail),
    });
    expect(validateForm(schema, { code: 'abc', email: 'nope' })).toEqual({
      ok: false,
      errors: { code: 'La contraseña debe tener al menos 8 caracteres', email: 'Email no valido' },
    });
  });

  it('refuses a contact number with letters at once, before its length', () => {
    const base = { name: 'Juan' };
    expect(validateForm(contactCreateInputSchema, { ...base, number: '55 11 abc' })).toEqual({
      ok: false,
      errors: { number: msg.numberWithLetters },
    });
    expect(validateForm(contactCreateInputSchema, { ...base, number: '5511999990001x' }).ok).toBe(false);
    expect(validateForm(contactCreateInputSchema, { ...base, number: '+55 (11) 99999-0001' }).ok).toBe(true);
  });
});
