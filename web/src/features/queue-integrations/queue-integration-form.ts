import { integrationLanguages, integrationTypes, typebotDefaults } from '@atende/shared/constants';
import type {
  IntegrationLanguage,
  IntegrationType,
  QueueIntegrationCreateInput,
} from '@atende/shared/entities/queue-integration';
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

/**
 * The values queueIntegrationCreateInputSchema (the route's body schema) reads, for the chosen type
 * only (extended §5: name 2..50, muy corto / muy largo!; the typebot numbers): trimmed, and a
 * stored key file left out, which keeps it. For n8n, webhook and typebot the schema makes the
 * project name the name.
 */
export function queueIntegrationFormInput(values: QueueIntegrationFormValues): Record<string, unknown> {
  const shown = fieldsOf(values.type);
  const input: Record<string, unknown> = { type: values.type, name: values.name, projectName: '' };
  if (shown.dialogflow) {
    input.projectName = values.projectName.trim();
    if (!isStoredKeyFile(values.jsonContent)) input.jsonContent = values.jsonContent;
    input.language = values.language;
  } else {
    input.urlN8N = values.urlN8N.trim();
  }
  if (shown.typebot) {
    input.typebotSlug = values.typebotSlug.trim();
    input.typebotExpires = values.typebotExpires;
    input.typebotKeywordFinish = values.typebotKeywordFinish.trim();
    input.typebotDelayMessage = values.typebotDelayMessage;
    input.typebotUnknownMessage = values.typebotUnknownMessage.trim();
    input.typebotKeywordRestart = values.typebotKeywordRestart.trim();
    input.typebotRestartMessage = values.typebotRestartMessage.trim();
  }
  return input;
}

/** What the save sends: the schema's output of the fields the chosen type shows, no others. */
export function queueIntegrationPayloadOf(
  data: QueueIntegrationCreateInput,
  values: QueueIntegrationFormValues,
): QueueIntegrationPayload {
  const sent = Object.keys(queueIntegrationFormInput(values));
  return Object.fromEntries(
    sent.map((key) => [key, data[key as keyof QueueIntegrationCreateInput]]),
  ) as unknown as QueueIntegrationPayload;
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
