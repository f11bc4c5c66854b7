import type { PromptVoice } from '@atende/shared/entities/prompt';

/** A prompt as GET /prompt answers it: the keys only masked. */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  voice: PromptVoice;
  /** Masked (e.g. `azu••••••••6789`), or null. */
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  /** Masked (e.g. `sk-••••••••abcd`). */
  apiKey: string;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  maxMessages: number;
}

/** Today's AI use of the company against its daily cap (beyond the spec). */
export interface AiUsage {
  day: string;
  calls: number;
  tokens: number;
  dailyCallCap: number;
}

export interface PromptsAnswer {
  prompts: Prompt[];
  usage?: AiUsage;
}

/** What POST /prompt and PUT /prompt/{id} take; a masked key sent back keeps the stored one. */
export interface PromptPayload {
  name: string;
  prompt: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: number;
  maxMessages: number;
}
