import { describe, expect, it } from 'vitest';
import { maskPhone } from '../../lib/phone-mask.ts';
import { signupInputSchema } from '@atende/shared/entities/company';
import { validateForm } from '../../lib/form-validation.ts';
import { planIdFromQuery, referrerFromQuery, type SignupFormValues } from './signup-form.ts';

const checkSignupForm = (values: SignupFormValues) => validateForm(signupInputSchema, values);

describe('sign-up form (core §5 Sign-up)', () => {
  it('uses the sign-up texts: Correo inválido, Requerido, muy corto', () => {
    const result = checkSignupForm({ name: 'A', email: 'mal', phone: '', password: '12', planId: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'muy corto',
        email: 'Correo inválido',
        password: 'muy corto',
        planId: 'Requerido',
      },
    });
    const empty = checkSignupForm({ name: '', email: '', phone: '', password: '', planId: '' });
    expect(empty.ok || empty.errors).toMatchObject({ name: 'Requerido', email: 'Requerido', password: 'Requerido' });
  });

  it('sends the masked phone as its digits and the plan as a number', () => {
    const result = checkSignupForm({
      name: 'Padaria Central',
      email: 'dono@padaria.com',
      phone: maskPhone('11987654321'),
      password: 'segredo',
      planId: '2',
    });
    expect(result).toEqual({
      ok: true,
      data: { name: 'Padaria Central', email: 'dono@padaria.com', phone: '11987654321', password: 'segredo', planId: 2 },
    });
  });

  it('preselects a plan from the query only when it is offered', () => {
    expect(planIdFromQuery(new URLSearchParams('planId=2'), [1, 2])).toBe('2');
    expect(planIdFromQuery(new URLSearchParams('planId=9'), [1, 2])).toBe('');
    expect(planIdFromQuery(new URLSearchParams(''), [1, 2])).toBe('');
  });

  it('reads the referring company of the link (?companyId=) only as a positive whole number', () => {
    expect(referrerFromQuery(new URLSearchParams('companyId=12&planId=2'))).toBe(12);
    expect(referrerFromQuery(new URLSearchParams('companyId=%2012%20'))).toBe(12);
    for (const bad of ['', 'companyId=', 'companyId=0', 'companyId=-3', 'companyId=1.5', 'companyId=abc', 'companyId=1e3']) {
      expect(referrerFromQuery(new URLSearchParams(bad)), bad).toBeUndefined();
    }
  });
});
