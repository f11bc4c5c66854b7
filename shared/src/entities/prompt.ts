/** AI prompt (core §3, extended §3, §5) and the /prompt routes. */
import * as z from 'zod';
import { limits, promptDefaults, promptVoices } from '../constants.ts';
import {
  idSchema,
  numberInput,
  optionalTextSchema,
  requiredEnum,
  requiredIdSchema,
  requiredText,
} from '../fields.ts';
import { validationMessages as msg } from '../validation-messages.ts';

export const promptVoiceSchema = requiredEnum(promptVoices);
export type PromptVoice = z.infer<typeof promptVoiceSchema>;

export const promptSchema = z.object({
  id: idSchema,
  name: z.string(),
  prompt: z.string(),
  voice: promptVoiceSchema.default(promptDefaults.voice),
  voiceKey: z.string().nullable().optional(),
  voiceRegion: z.string().nullable().optional(),
  maxTokens: z.number().int().positive().default(promptDefaults.maxTokens),
  temperature: z.number().nonnegative().default(promptDefaults.temperature),
  /** Only returned to admins of the owning company. */
  apiKey: z.string().optional(),
  queueId: idSchema.nullable(),
  queue: z.object({ id: idSchema.optional(), name: z.string() }).nullable().optional(),
  maxMessages: z.number().int().positive().default(promptDefaults.maxMessages),
  companyId: idSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** The prompt as embedded in lists. */
export const promptRefSchema = z.object({ id: idSchema, name: z.string() });
export type PromptRef = z.infer<typeof promptRefSchema>;

/** A whole number above 0 (tokens, messages): 'Debe ser un número' otherwise. */
const positiveWhole = () =>
  numberInput(z.number({ error: msg.notANumber }).int(msg.notANumber).positive(msg.notANumber));

/** The AI temperature, 0 to 2 (the OpenAI range). */
const temperatureField = () =>
  numberInput(z.number({ error: msg.notANumber }).min(0, msg.notANumber).max(2, msg.temperatureRange));

/**
 * POST /prompt. Name 5..100 (¡Muy corto! / ¡Muy largo!), prompt at least 50 characters,
 * a queue (Indique el sector); voice, tokens, temperature, key and max messages required
 * (they default in the form, so a plain create gets the spec defaults).
 */
export const promptCreateInputSchema = z.object({
  name: requiredText()
    .min(limits.promptNameMin, msg.promptTooShort)
    .max(limits.promptNameMax, msg.promptTooLong),
  prompt: requiredText()
    .min(limits.promptTextMin, msg.promptTooShort)
    .max(limits.promptTextMax, msg.promptTooLong),
  voice: promptVoiceSchema.default(promptDefaults.voice),
  voiceKey: optionalTextSchema,
  voiceRegion: optionalTextSchema,
  maxTokens: positiveWhole().default(promptDefaults.maxTokens),
  temperature: temperatureField().default(promptDefaults.temperature),
  apiKey: requiredText().max(limits.tokenMax, msg.tooLong),
  queueId: requiredIdSchema(msg.promptQueueRequired),
  maxMessages: positiveWhole().default(promptDefaults.maxMessages),
});
export type PromptCreateInput = z.infer<typeof promptCreateInputSchema>;

/** PUT /prompt/{id}: any subset; an absent apiKey keeps the stored one. */
export const promptUpdateInputSchema = z.object({
  name: promptCreateInputSchema.shape.name.optional(),
  prompt: promptCreateInputSchema.shape.prompt.optional(),
  voice: promptVoiceSchema.optional(),
  voiceKey: optionalTextSchema.optional(),
  voiceRegion: optionalTextSchema.optional(),
  maxTokens: positiveWhole().optional(),
  temperature: temperatureField().optional(),
  apiKey: requiredText().max(limits.tokenMax, msg.tooLong).optional(),
  queueId: requiredIdSchema(msg.promptQueueRequired).optional(),
  maxMessages: positiveWhole().optional(),
});
export type PromptUpdateInput = z.infer<typeof promptUpdateInputSchema>;
