/** Queue integration (extended §3, §5): dialogflow, n8n, webhook or typebot; /queueIntegration. */
import * as z from 'zod';
import { limits } from '../constants.ts';
import {
  integrationDefaultType,
  integrationLanguages,
  integrationTypes,
  typebotDefaults,
} from '../constants.ts';
import {
  booleanParamSchema,
  idSchema,
  nameField,
  numberInput,
  optionalTextSchema,
  requiredText,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';
import { pagedSearchQuerySchema } from '../query-params.ts';

export const integrationTypeSchema = z.enum(integrationTypes);
export type IntegrationType = z.infer<typeof integrationTypeSchema>;

export const integrationLanguageSchema = z.enum(integrationLanguages);
export type IntegrationLanguage = z.infer<typeof integrationLanguageSchema>;

export const queueIntegrationSchema = z.object({
  id: idSchema,
  type: integrationTypeSchema,
  name: z.string(),
  projectName: z.string().nullable().optional(),
  /**
   * Dialogflow service-account JSON. Stored sealed; answers carry only a masked form (project,
   * account, `"private_key": "••••"`); sending that form back keeps the stored one.
   */
  jsonContent: z.string().nullable().optional(),
  language: integrationLanguageSchema.nullable().optional(),
  urlN8N: z.string().nullable().optional(),
  typebotDelayMessage: z.number().int().nonnegative().default(typebotDefaults.delayMessage),
  typebotExpires: z.number().int().nonnegative().default(typebotDefaults.expires),
  typebotKeywordFinish: z.string().nullable().optional(),
  typebotKeywordRestart: z.string().nullable().optional(),
  typebotRestartMessage: z.string().nullable().optional(),
  typebotSlug: z.string().nullable().optional(),
  typebotUnknownMessage: z.string().nullable().optional(),
  /**
   * n8n and webhook: the key of the deliveries' HMAC-SHA256 signature. In full only in the answer
   * of the write that made it (create, or a PUT with rotateSecret); masked (`••••` and its last 4) after.
   */
  webhookSecret: z.string().nullable().optional(),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type QueueIntegration = z.infer<typeof queueIntegrationSchema>;

/** Milliseconds or minutes of a typebot: a whole number from 0 ('Debe ser un número' otherwise). */
const wholeNumber = () =>
  numberInput(z.number({ error: msg.notANumber }).int(msg.notANumber).nonnegative(msg.notANumber));

const integrationFields = {
  name: nameField(),
  projectName: optionalTextSchema,
  jsonContent: optionalTextSchema,
  language: integrationLanguageSchema.optional(),
  urlN8N: optionalTextSchema,
  typebotDelayMessage: wholeNumber().default(typebotDefaults.delayMessage),
  typebotExpires: wholeNumber().default(typebotDefaults.expires),
  typebotKeywordFinish: optionalTextSchema,
  typebotKeywordRestart: optionalTextSchema,
  typebotRestartMessage: optionalTextSchema,
  typebotSlug: optionalTextSchema,
  typebotUnknownMessage: optionalTextSchema,
};

/** For every type but dialogflow the project name is the integration's name. */
function withProjectName<
  T extends {
    type?: IntegrationType | undefined;
    name?: string | undefined;
    projectName?: string | undefined;
  },
>(input: T): T {
  if (input.type === undefined || input.type === 'dialogflow' || input.name === undefined) return input;
  return { ...input, projectName: input.name };
}

/** POST /queueIntegration. Name 2..50 (muy corto / muy largo! / Requerido); type defaults to typebot. */
export const queueIntegrationCreateInputSchema = z
  .object({ type: integrationTypeSchema.default(integrationDefaultType), ...integrationFields })
  .transform(withProjectName);
export type QueueIntegrationCreateInput = z.infer<typeof queueIntegrationCreateInputSchema>;

/** PUT /queueIntegration/{id}. */
export const queueIntegrationUpdateInputSchema = z
  .object({
    type: integrationTypeSchema.optional(),
    name: nameField().optional(),
    projectName: optionalTextSchema.optional(),
    jsonContent: optionalTextSchema.optional(),
    language: integrationLanguageSchema.optional(),
    urlN8N: optionalTextSchema.optional(),
    typebotDelayMessage: wholeNumber().optional(),
    typebotExpires: wholeNumber().optional(),
    typebotKeywordFinish: optionalTextSchema.optional(),
    typebotKeywordRestart: optionalTextSchema.optional(),
    typebotRestartMessage: optionalTextSchema.optional(),
    typebotSlug: optionalTextSchema.optional(),
    typebotUnknownMessage: optionalTextSchema.optional(),
    /** n8n and webhook: replace the signing key with a new one (shown once in the answer). */
    rotateSecret: booleanParamSchema.optional(),
  })
  .transform(withProjectName);
export type QueueIntegrationUpdateInput = z.infer<typeof queueIntegrationUpdateInputSchema>;

export const queueIntegrationListQuerySchema = pagedSearchQuerySchema;
export type QueueIntegrationListQuery = z.infer<typeof queueIntegrationListQuerySchema>;

/**
 * POST /queueIntegration/testSession (dialogflow only). `id` (beyond the spec): with the stored
 * key file's masked form as jsonContent, the test uses that integration's stored key file.
 */
export const queueIntegrationTestInputSchema = z.object({
  projectName: requiredText().max(limits.shortTextMax, msg.tooLong),
  jsonContent: requiredText().max(limits.serviceAccountJsonMax, msg.tooLong),
  language: integrationLanguageSchema,
  id: idSchema.optional(),
});
export type QueueIntegrationTestInput = z.infer<typeof queueIntegrationTestInputSchema>;
