import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A company's AI prompt (extended §3). The OpenAI key and the Azure voice key are stored only
 * sealed by the secret box (ports/secret-box.ts) with a masked hint for answers; the plaintext
 * never reaches the table, the stream or the live events. A company's prompts are a handful:
 * lists read the whole `PROMPT#` range of the company partition.
 */
export const promptEntity = defineEntity(
  'prompt',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    name: { type: 'string', required: true },
    prompt: { type: 'string', required: true },
    voice: { type: 'string', required: true },
    voiceRegion: { type: 'string' },
    maxTokens: { type: 'number', required: true },
    temperature: { type: 'number', required: true },
    maxMessages: { type: 'number', required: true },
    queueId: { type: 'number' },
    apiKeySealed: { type: 'string', required: true },
    apiKeyMask: { type: 'string', required: true },
    voiceKeySealed: { type: 'string' },
    voiceKeyMask: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'PROMPT#${id}') },
  },
);

/**
 * A company's AI use on one UTC day: bot turns answered and tokens spent, counted by the bot
 * turn before it calls the model (calls) and after (tokens). The daily cap is checked against it.
 */
export const aiUsageEntity = defineEntity(
  'aiUsage',
  {
    companyId: fixedNumber,
    day: { type: 'string', required: true, readOnly: true },
    calls: { type: 'number', default: 0 },
    tokens: { type: 'number', default: 0 },
  },
  {
    byDay: { pk: companyPk, sk: key('sk', ['day'], 'AIUSE#${day}') },
  },
);
