import * as z from 'zod';
import { limits, promptDefaults, promptVoices } from '@atende/shared/constants';
import type { PromptVoice } from '@atende/shared/entities/prompt';
import { requiredText } from '@atende/shared/fields';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import type { Prompt, PromptPayload } from './api/types.ts';

export { promptVoices };

/** The dialog's values, as typed. */
export interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
}

/** A new prompt: voice texto, max tokens 100, temperature 1, max messages 10 (extended §3, §9). */
export function emptyPromptForm(): PromptFormValues {
  return {
    name: '',
    apiKey: '',
    prompt: '',
    queueId: '',
    voice: promptDefaults.voice,
    voiceKey: '',
    voiceRegion: '',
    temperature: String(promptDefaults.temperature),
    maxTokens: String(promptDefaults.maxTokens),
    maxMessages: String(promptDefaults.maxMessages),
  };
}

/** An existing prompt: its keys stay in their masked form, which the server keeps unless replaced. */
export function promptFormOf(prompt: Prompt): PromptFormValues {
  return {
    name: prompt.name,
    apiKey: prompt.apiKey,
    prompt: prompt.prompt,
    queueId: prompt.queueId == null ? '' : String(prompt.queueId),
    voice: prompt.voice,
    voiceKey: prompt.voiceKey ?? '',
    voiceRegion: prompt.voiceRegion ?? '',
    temperature: String(prompt.temperature),
    maxTokens: String(prompt.maxTokens),
    maxMessages: String(prompt.maxMessages),
  };
}

const positiveWhole = z.coerce
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número')
  .positive('Debe ser un número');

const formSchema = z.object({
  name: requiredText()
    .min(limits.promptNameMin, msg.promptTooShort)
    .max(limits.promptNameMax, msg.promptTooLong),
  apiKey: requiredText(),
  prompt: requiredText().min(limits.promptTextMin, msg.promptTooShort),
  queueId: z.coerce
    .number({ error: msg.promptQueueRequired })
    .int(msg.promptQueueRequired)
    .positive(msg.promptQueueRequired),
  temperature: z.coerce
    .number({ error: 'Debe ser un número' })
    .min(0, 'Debe ser un número')
    .max(2, 'Entre 0 y 2'),
  maxTokens: positiveWhole,
  maxMessages: positiveWhole,
});

/**
 * extended §5: name 5 to 100 ('Muito curto!' / 'Muito longo!'), prompt at least 50 characters,
 * the key, and a queue ('Informe o setor'); voice, tokens, temperature and messages as numbers.
 */
export function checkPromptForm(values: PromptFormValues): FormCheck<PromptPayload> {
  const checked = validateForm(formSchema, {
    name: values.name,
    apiKey: values.apiKey,
    prompt: values.prompt,
    queueId: values.queueId || undefined,
    temperature: values.temperature.trim() || undefined,
    maxTokens: values.maxTokens.trim() || undefined,
    maxMessages: values.maxMessages.trim() || undefined,
  });
  if (!checked.ok) return checked;
  return {
    ok: true,
    data: {
      ...checked.data,
      voice: values.voice,
      voiceKey: values.voiceKey.trim(),
      voiceRegion: values.voiceRegion.trim(),
    },
  };
}

/** "1.234 / 500 respuestas hoy": the share of today's cap used, for the usage line. */
export function usageShare(calls: number, cap: number): number {
  if (cap <= 0) return 1;
  return Math.min(1, calls / cap);
}
