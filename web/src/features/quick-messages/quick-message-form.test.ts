import { describe, expect, it } from 'vitest';
import { quickMessageCreateInputSchema } from '@atende/shared/entities/quick-message';
import { validateForm } from '../../lib/form-validation.ts';
import {
  emptyQuickMessageForm,
  parseQuickMessageEvent,
  quickMessageFormOf,
  type QuickMessageFormValues,
} from './quick-message-form.ts';

const checkQuickMessageForm = (values: QuickMessageFormValues) =>
  validateForm(quickMessageCreateInputSchema, values);

describe('quick message dialog (extended §5)', () => {
  it('requires the shortcode (Requerido)', () => {
    expect(checkQuickMessageForm(emptyQuickMessageForm())).toEqual({
      ok: false,
      errors: { shortcode: 'Requerido' },
    });
    expect(checkQuickMessageForm({ ...emptyQuickMessageForm(), shortcode: ' / ' })).toEqual({
      ok: false,
      errors: { shortcode: 'Requerido' },
    });
  });

  it('builds the payload, without a leading slash', () => {
    expect(
      checkQuickMessageForm({ shortcode: '/saludo', message: 'Hola', geral: true, status: false }),
    ).toEqual({
      ok: true,
      data: { shortcode: 'saludo', message: 'Hola', geral: true, status: false },
    });
    expect(quickMessageFormOf({ shortcode: 'a', message: 'b' })).toEqual({
      shortcode: 'a',
      message: 'b',
      geral: false,
      status: true,
    });
  });

  it('reads the live quickmessage events', () => {
    const record = { id: 1, shortcode: 'a', message: 'b' };
    expect(parseQuickMessageEvent({ action: 'create', record })).toEqual({ action: 'create', record });
    expect(parseQuickMessageEvent({ action: 'update', quickMessage: record })).toEqual({
      action: 'update',
      record,
    });
    expect(parseQuickMessageEvent({ action: 'delete', id: 1 })).toEqual({ action: 'delete', id: 1 });
  });
});
