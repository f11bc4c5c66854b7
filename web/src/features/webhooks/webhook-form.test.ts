import { describe, expect, it } from 'vitest';
import { webhookCreateInputSchema } from '@atende/shared/entities/webhook';
import { validateForm } from '../../lib/form-validation.ts';
import { emptyWebhookForm, toggleEvent, webhookFormInput, type WebhookFormValues } from './webhook-form.ts';

const checkWebhookForm = (values: WebhookFormValues) => validateForm(webhookCreateInputSchema, webhookFormInput(values));

describe('the webhook form', () => {
  it('adds and removes events in the catalogue order', () => {
    expect(toggleEvent(['message.created'], 'ticket.created', true)).toEqual([
      'ticket.created',
      'message.created',
    ]);
    expect(toggleEvent(['ticket.created', 'message.created'], 'ticket.created', false)).toEqual([
      'message.created',
    ]);
  });

  it('asks for a URL and at least one event with the shared texts', () => {
    const checked = checkWebhookForm({ ...emptyWebhookForm(), url: '', events: [] });
    expect(checked).toEqual({ ok: false, errors: { url: 'Requerido', events: 'Requerido' } });
  });

  it('passes a filled form as the payload', () => {
    const checked = checkWebhookForm({
      name: ' CRM ',
      url: 'https://hooks.example.com/x',
      events: ['message.created', 'ticket.created'],
      enabled: false,
    });
    expect(checked).toEqual({
      ok: true,
      data: {
        name: 'CRM',
        url: 'https://hooks.example.com/x',
        events: ['ticket.created', 'message.created'],
        enabled: false,
      },
    });
  });
});
