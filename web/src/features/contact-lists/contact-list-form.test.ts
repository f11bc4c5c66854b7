import { describe, expect, it } from 'vitest';
import { contactListCreateInputSchema, contactListItemFieldsSchema } from '@atende/shared/entities/contact-list';
import { validateForm } from '../../lib/form-validation.ts';
import {
  importPercent,
  parseContactListItemEvent,
  whatsappValidityOf,
  type ContactListItemFormValues,
} from './contact-list-form.ts';

const checkContactListForm = (values: { name: string }) => validateForm(contactListCreateInputSchema, values);
const checkContactListItemForm = (values: ContactListItemFormValues) =>
  validateForm(contactListItemFieldsSchema, values);

describe('contact-list forms', () => {
  it('checks the list and item forms with the spec texts', () => {
    expect(checkContactListForm({ name: 'a' })).toMatchObject({
      ok: false,
      errors: { name: expect.stringContaining('muy corto') },
    });
    expect(checkContactListForm({ name: 'Clientes' })).toEqual({ ok: true, data: { name: 'Clientes' } });
    const bad = checkContactListItemForm({ name: '', number: '123', email: 'x@' });
    expect(bad).toMatchObject({ ok: false, errors: { name: 'Requerido', email: 'Email no valido' } });
    expect(bad.ok === false && bad.errors.number).toBeTruthy();
    expect(checkContactListItemForm({ name: 'Ana', number: '5511911110001', email: '' })).toMatchObject({
      ok: true,
    });
  });

  it('reads the per-list item events, reload included', () => {
    expect(parseContactListItemEvent({ action: 'reload' })).toEqual({ action: 'reload' });
    expect(parseContactListItemEvent({ action: 'delete', id: 4, contactListId: 1 })).toEqual({
      action: 'delete',
      id: 4,
    });
    expect(parseContactListItemEvent({ action: 'update', record: { id: 4, name: 'Ana' } })).toMatchObject({
      action: 'update',
    });
    expect(parseContactListItemEvent({ action: 'nonsense' })).toBeUndefined();
  });

  it('shows progress and validity', () => {
    expect(importPercent({ total: 200, done: 50, status: 'running' })).toBe(25);
    expect(importPercent({ total: 200, done: 150, status: 'done' })).toBe(100);
    expect(importPercent({ total: 0, done: 0, status: 'running' })).toBe(100);
    expect([true, false, null].map((isWhatsappValid) => whatsappValidityOf({ isWhatsappValid }))).toEqual([
      'valid',
      'invalid',
      'unchecked',
    ]);
  });
});
