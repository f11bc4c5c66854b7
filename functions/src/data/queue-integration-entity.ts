import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A queue integration (extended §3): a dialogflow agent, an n8n or webhook URL, or a typebot
 * flow that answers a queue's (or a connection's) customers before a person does. A company
 * keeps a handful, so they live in the company's partition and lists read them all.
 */
export const queueIntegrationEntity = defineEntity(
  'queueIntegration',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    type: { type: ['dialogflow', 'n8n', 'webhook', 'typebot'] as const, required: true },
    name: { type: 'string', required: true },
    /** The name folded for ordering and search (no case, no accents). */
    nameKey: { type: 'string', required: true },
    projectName: { type: 'string' },
    /** Dialogflow's service-account JSON, sealed (ports/secret-box.ts; queue-integrations/secrets.ts). */
    jsonContent: { type: 'string' },
    /** What answers show of it: project, account, the private key masked. */
    jsonContentMask: { type: 'string' },
    language: { type: 'string' },
    urlN8N: { type: 'string' },
    typebotDelayMessage: { type: 'number', default: 1000 },
    typebotExpires: { type: 'number', default: 1 },
    typebotKeywordFinish: { type: 'string' },
    typebotKeywordRestart: { type: 'string' },
    typebotRestartMessage: { type: 'string' },
    typebotSlug: { type: 'string' },
    typebotUnknownMessage: { type: 'string' },
    /**
     * The HMAC-SHA256 key that signs n8n and webhook deliveries (docs/decisions.md, "Queue
     * integrations"), sealed. Shown in full only in the answer of the write that made it.
     */
    webhookSecret: { type: 'string' },
    /** What answers show of it after that write (`••••` and its last 4). */
    webhookSecretMask: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'QINT#${id}') },
  },
);
