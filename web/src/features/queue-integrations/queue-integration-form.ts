import * as z from 'zod';
import { integrationLanguages, integrationTypes, typebotDefaults } from '@atende/shared/constants';
import { nameField } from '@atende/shared/fields';
import type { IntegrationLanguage, IntegrationType } from '@atende/shared/entities/queue-integration';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { QueueIntegration, QueueIntegrationPayload } from './api/types.ts';

export { integrationLanguages, integrationTypes };

/** The dialog's values, all as typed (numbers too). */
export interface QueueIntegrationFormValues {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: IntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotKeywordFinish: string;
  typebotDelayMessage: string;
  typebotUnknownMessage: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
}

/** A new integration: the form's default type is typebot, delay 1000 ms, expiry 1 minute (extended §3, §9). */
export function emptyQueueIntegrationForm(): QueueIntegrationFormValues {
  return {
    type: 'typebot',
    name: '',
    projectName: '',
    jsonContent: '',
    language: 'pt-BR',
    urlN8N: '',
    typebotSlug: '',
    typebotExpires: String(typebotDefaults.expires),
    typebotKeywordFinish: '',
    typebotDelayMessage: String(typebotDefaults.delayMessage),
    typebotUnknownMessage: '',
    typebotKeywordRestart: '',
    typebotRestartMessage: '',
  };
}

export function queueIntegrationFormOf(record: QueueIntegration): QueueIntegrationFormValues {
  return {
    type: record.type,
    name: record.name ?? '',
    projectName: record.projectName ?? '',
    jsonContent: record.jsonContent ?? '',
    language: record.language ?? 'pt-BR',
    urlN8N: record.urlN8N ?? '',
    typebotSlug: record.typebotSlug ?? '',
    typebotExpires: String(record.typebotExpires ?? typebotDefaults.expires),
    typebotKeywordFinish: record.typebotKeywordFinish ?? '',
    typebotDelayMessage: String(record.typebotDelayMessage ?? typebotDefaults.delayMessage),
    typebotUnknownMessage: record.typebotUnknownMessage ?? '',
    typebotKeywordRestart: record.typebotKeywordRestart ?? '',
    typebotRestartMessage: record.typebotRestartMessage ?? '',
  };
}

/** Which fields the dialog shows for a type. */
export function fieldsOf(type: IntegrationType) {
  return {
    dialogflow: type === 'dialogflow',
    url: type !== 'dialogflow',
    typebot: type === 'typebot',
    signed: type === 'n8n' || type === 'webhook',
  };
}

const wholeNumber = z.coerce
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número')
  .nonnegative('Debe ser un número');

const formSchema = z.object({
  name: nameField(),
  typebotDelayMessage: wholeNumber,
  typebotExpires: wholeNumber,
});

/**
 * extended §5: name 2..50 ('muy corto' / 'muy largo!'); for n8n, webhook and typebot the project
 * name is the name. Only the chosen type's fields are sent.
 */
export function checkQueueIntegrationForm(
  values: QueueIntegrationFormValues,
): FormCheck<QueueIntegrationPayload> {
  const checked = validateForm(formSchema, {
    name: values.name,
    typebotDelayMessage: values.typebotDelayMessage.trim() || '0',
    typebotExpires: values.typebotExpires.trim() || '0',
  });
  if (!checked.ok) return checked;
  const { name } = checked.data;
  const shown = fieldsOf(values.type);
  const payload: QueueIntegrationPayload = { type: values.type, name };
  if (shown.dialogflow) {
    payload.projectName = values.projectName.trim();
    // The stored key file comes masked and is kept unless the admin pastes another.
    if (!isStoredKeyFile(values.jsonContent)) payload.jsonContent = values.jsonContent;
    payload.language = values.language;
  } else {
    payload.projectName = name;
    payload.urlN8N = values.urlN8N.trim();
  }
  if (shown.typebot) {
    payload.typebotSlug = values.typebotSlug.trim();
    payload.typebotExpires = checked.data.typebotExpires;
    payload.typebotKeywordFinish = values.typebotKeywordFinish.trim();
    payload.typebotDelayMessage = checked.data.typebotDelayMessage;
    payload.typebotUnknownMessage = values.typebotUnknownMessage.trim();
    payload.typebotKeywordRestart = values.typebotKeywordRestart.trim();
    payload.typebotRestartMessage = values.typebotRestartMessage.trim();
  }
  return { ok: true, data: payload };
}

/**
 * The stored service-account JSON as answers show it (project, account, the private key as
 * `••••`): the dialog shows it and sends nothing back, which keeps it.
 */
export function isStoredKeyFile(jsonContent: string): boolean {
  return jsonContent.includes('••••');
}

/** A key made by this save (the answer holds it in full only then). */
export function revealedSecret(saved: QueueIntegration | undefined): string | undefined {
  const secret = saved?.webhookSecret;
  return secret && !secret.startsWith('••••') ? secret : undefined;
}

/** The live `queue-integration` event: `{ action, queueIntegration }`, delete with `integrationId`. */
export function parseQueueIntegrationEvent(data: unknown): RecordLiveEvent<QueueIntegration> | undefined {
  return parseRecordEvent<QueueIntegration>(data, {
    record: ['queueIntegration', 'record'],
    id: ['integrationId', 'id'],
  });
}
