import { describe, expect, it } from 'vitest';
import { passwordResetFormSchema, passwordResetRequestSchema } from '@atende/shared/entities/password-reset';
import { validateForm } from '../../lib/form-validation.ts';

describe('password reset form (extended §5)', () => {
  it('step 1 asks for a valid e-mail', () => {
    expect(validateForm(passwordResetRequestSchema, { email: '' })).toEqual({ ok: false, errors: { email: 'Requerido' } });
    expect(validateForm(passwordResetRequestSchema, { email: 'x' })).toEqual({
      ok: false,
      errors: { email: 'Email no valido' },
    });
  });

  it('step 2 wants the password rule and matching confirmation', () => {
    const weak = validateForm(passwordResetFormSchema, {
      email: 'a@b.co',
      token: '123',
      newPassword: 'abc',
      confirmPassword: 'abd',
    });
    expect(weak.ok || weak.errors.newPassword).toMatch(/8 caracteres/);
    const mismatch = validateForm(passwordResetFormSchema, {
      email: 'a@b.co',
      token: '123',
      newPassword: 'Segura123',
      confirmPassword: 'Segura124',
    });
    expect(mismatch).toEqual({ ok: false, errors: { confirmPassword: 'Sus contraseñas deben coincidir' } });
    expect(
      validateForm(passwordResetFormSchema, {
        email: 'a@b.co',
        token: '123',
        newPassword: 'Segura123',
        confirmPassword: 'Segura123',
      }).ok,
    ).toBe(true);
  });
});
