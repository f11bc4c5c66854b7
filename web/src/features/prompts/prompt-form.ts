import { promptDefaults, promptVoices } from '@atende/shared/constants';
import type { PromptVoice } from '@atende/shared/entities/prompt';
import type { Prompt } from './api/types.ts';

export { promptVoices };

/**
 * The dialog's values, as typed; promptCreateInputSchema (the route's body schema) checks them.
 */
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

/** "1.234 / 500 respuestas hoy": the share of today's cap used, for the usage line. */
export function usageShare(calls: number, cap: number): number {
  if (cap <= 0) return 1;
  return Math.min(1, calls / cap);
}
