import { describe, expect, it } from 'vitest';
import { queueIntegrationCreateInputSchema } from '@atende/shared/entities/queue-integration';
import { validateForm } from '../../lib/form-validation.ts';
import {
  emptyQueueIntegrationForm,
  parseQueueIntegrationEvent,
  queueIntegrationFormOf,
  queueIntegrationFormInput,
  queueIntegrationPayloadOf,
  revealedSecret,
  type QueueIntegrationFormValues,
} from './queue-integration-form.ts';

/** What the dialog does: the route's schema over the shown fields, then only those are sent. */
function checkQueueIntegrationForm(values: QueueIntegrationFormValues) {
  const checked = validateForm(queueIntegrationCreateInputSchema, queueIntegrationFormInput(values));
  return checked.ok ? { ok: true as const, data: queueIntegrationPayloadOf(checked.data, values) } : checked;
}
import type { QueueIntegration } from './api/types.ts';

/** A stored integration: the typebot fields at their defaults, the rest given. */
const storedIntegration = (fields: Partial<QueueIntegration>) =>
  ({
  urlN8N: null,
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotRestartMessage: null,
  typebotSlug: null,
  typebotUnknownMessage: null,
  ...fields,
}) as QueueIntegration;

describe('queue integration form', () => {
  it('starts as a typebot with delay 1000 and expiry 1, and sends only the typebot fields', () => {
    const values = {
      ...emptyQueueIntegrationForm(),
      name: 'Ventas',
      urlN8N: ' https://typebot.test ',
      typebotSlug: 'ventas',
      jsonContent: '{}',
    };
    const checked = checkQueueIntegrationForm(values);
    expect(checked).toEqual({
      ok: true,
      data: {
        type: 'typebot',
        name: 'Ventas',
        projectName: 'Ventas',
        urlN8N: 'https://typebot.test',
        typebotSlug: 'ventas',
        typebotExpires: 1,
        typebotKeywordFinish: '',
        typebotDelayMessage: 1000,
        typebotUnknownMessage: '',
        typebotKeywordRestart: '',
        typebotRestartMessage: '',
      },
    });
  });

  it("refuses a typebot number left empty or with letters with the schema's text", () => {
    const checked = checkQueueIntegrationForm({
      ...emptyQueueIntegrationForm(),
      name: 'Ventas',
      typebotDelayMessage: '',
      typebotExpires: 'uno',
    });
    expect(checked).toEqual({
      ok: false,
      errors: { typebotDelayMessage: 'Debe ser un número', typebotExpires: 'Debe ser un número' },
    });
  });

  it('keeps dialogflow project names and sends n8n with the name as project', () => {
    const dialogflow = checkQueueIntegrationForm({
      ...emptyQueueIntegrationForm(),
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'proj',
      language: 'es',
    });
    expect(dialogflow.ok && dialogflow.data).toMatchObject({
      type: 'dialogflow',
      projectName: 'proj',
      language: 'es',
    });
    const n8n = checkQueueIntegrationForm({
      ...emptyQueueIntegrationForm(),
      type: 'n8n',
      name: 'Flujo',
      urlN8N: 'https://n8n.test/hook',
    });
    expect(n8n.ok && n8n.data).toEqual({
      type: 'n8n',
      name: 'Flujo',
      projectName: 'Flujo',
      urlN8N: 'https://n8n.test/hook',
    });
  });

  it('shows a stored key file masked and keeps it unless another is pasted', () => {
    const stored = JSON.stringify(
      { type: 'service_account', project_id: 'proj', client_email: 'bot@proj.iam', private_key: '••••' },
      null,
      2,
    );
    const values = queueIntegrationFormOf(
      storedIntegration({ id: 7, type: 'dialogflow', name: 'Agente', projectName: 'proj', jsonContent: stored, language: 'es' }),
    );
    expect(values.jsonContent).toBe(stored);
    const kept = checkQueueIntegrationForm(values);
    expect(kept.ok && kept.data).not.toHaveProperty('jsonContent');
    const replaced = checkQueueIntegrationForm({ ...values, jsonContent: '{"private_key":"new"}' });
    expect(replaced.ok && replaced.data).toMatchObject({ jsonContent: '{"private_key":"new"}' });
  });

  it('says muy corto / muy largo! under the name and refuses a delay that is not a number', () => {
    expect(checkQueueIntegrationForm({ ...emptyQueueIntegrationForm(), name: 'a' })).toEqual({
      ok: false,
      errors: { name: expect.stringMatching(/^muy corto/) },
    });
    expect(checkQueueIntegrationForm({ ...emptyQueueIntegrationForm(), name: 'x'.repeat(51) })).toEqual({
      ok: false,
      errors: { name: expect.stringMatching(/^muy largo!/) },
    });
    const delay = checkQueueIntegrationForm({
      ...emptyQueueIntegrationForm(),
      name: 'Flujo',
      typebotDelayMessage: 'dos',
    });
    expect(delay.ok).toBe(false);
  });

  it('reads a stored record, shows a new key once, and parses live events', () => {
    const record = {
      ...storedIntegration({ id: 3, type: 'webhook', name: 'Hook', projectName: 'Hook', language: null, urlN8N: 'https://h.test' }),
      webhookSecret: '••••abcd',
    } satisfies QueueIntegration;
    expect(queueIntegrationFormOf(record)).toMatchObject({
      type: 'webhook',
      urlN8N: 'https://h.test',
      typebotDelayMessage: '1000',
    });
    expect(revealedSecret(record)).toBeUndefined();
    expect(revealedSecret({ ...record, webhookSecret: 'qisec_full' })).toBe('qisec_full');
    expect(parseQueueIntegrationEvent({ action: 'delete', integrationId: 3 })).toEqual({
      action: 'delete',
      id: 3,
    });
    expect(parseQueueIntegrationEvent({ action: 'update', queueIntegration: record })).toMatchObject({
      action: 'update',
      record: { id: 3 },
    });
  });
});
