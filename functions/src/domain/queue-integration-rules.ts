import { randomBytes } from 'node:crypto';
import { isMaskedSecret } from './secret-mask.ts';
import type {
  IntegrationType,
  QueueIntegrationCreateInput,
  QueueIntegrationUpdateInput,
} from '@atende/shared/entities/queue-integration';

/** GET /queueIntegration pages (the product's list size). */
export const queueIntegrationPageSize = 20;

/** Types whose deliveries are signed POSTs to the integration's URL. */
export function signsDeliveries(type: IntegrationType): boolean {
  return type === 'n8n' || type === 'webhook';
}

/** A new signing key: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export function newWebhookSecret(): string {
  return `qisec_${randomBytes(32).toString('base64url')}`;
}

/**
 * A service-account key file as answers show it: a JSON with its project and account (so the
 * admin sees which one is stored) and the private key masked. Not JSON: only the mask.
 */
export function maskServiceAccount(jsonContent: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonContent);
  } catch {
    return '••••';
  }
  const account = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const text = (key: string) => (typeof account[key] === 'string' ? (account[key] as string) : undefined);
  return JSON.stringify(
    {
      type: text('type'),
      project_id: text('project_id'),
      client_email: text('client_email'),
      private_key: '••••',
    },
    null,
    2,
  );
}

const textFields = [
  'projectName',
  'jsonContent',
  'urlN8N',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotRestartMessage',
  'typebotSlug',
  'typebotUnknownMessage',
] as const;
type TextField = (typeof textFields)[number];

export interface IntegrationWrite {
  set: {
    type?: IntegrationType;
    name?: string;
    language?: string;
    typebotDelayMessage?: number;
    typebotExpires?: number;
    webhookSecret?: string;
  } & Partial<Record<TextField, string>>;
  clear: (TextField | 'language' | 'webhookSecret')[];
  /** The key made by this write, to show once. */
  newSecret?: string;
}

interface Current {
  type: IntegrationType;
  name: string;
  webhookSecret?: string | undefined;
}

/**
 * What a create (no `current`) or a PUT writes. Empty texts clear their field. For n8n, webhook
 * and typebot the project name is the name (extended §5), whatever the form sent; n8n and
 * webhook always hold a signing key (made on create or on a change to those types, replaced on
 * `rotateSecret`); other types hold none.
 */
export function planIntegrationWrite(
  input: QueueIntegrationCreateInput | QueueIntegrationUpdateInput,
  current?: Current,
  makeSecret: () => string = newWebhookSecret,
): IntegrationWrite {
  const write: IntegrationWrite = { set: {}, clear: [] };
  const type = input.type ?? current?.type ?? 'typebot';
  const name = input.name ?? current?.name ?? '';
  if (input.type !== undefined) write.set.type = input.type;
  if (input.name !== undefined) write.set.name = input.name;
  for (const field of textFields) {
    const value = input[field];
    if (value === undefined) continue;
    const trimmed = value.trim();
    // The dialog shows the stored key file masked and sends it back unless replaced: keep it.
    if (field === 'jsonContent' && isMaskedSecret(trimmed)) continue;
    if (trimmed) write.set[field] = trimmed;
    else if (current) write.clear.push(field);
  }
  if (input.language !== undefined) write.set.language = input.language;
  if (input.typebotDelayMessage !== undefined) write.set.typebotDelayMessage = input.typebotDelayMessage;
  if (input.typebotExpires !== undefined) write.set.typebotExpires = input.typebotExpires;
  if (type !== 'dialogflow' && (input.type !== undefined || input.name !== undefined)) {
    write.set.projectName = name;
    write.clear = write.clear.filter((field) => field !== 'projectName');
  }
  const rotate = 'rotateSecret' in input && input.rotateSecret === true;
  if (signsDeliveries(type)) {
    if (rotate || !current?.webhookSecret) {
      write.newSecret = makeSecret();
      write.set.webhookSecret = write.newSecret;
    }
  } else if (current?.webhookSecret) {
    write.clear.push('webhookSecret');
  }
  return write;
}
