import type { PromptRecord } from '#data/prompts';
import type { QueueRef } from '#data/queues';

/**
 * A prompt as answers carry it: the keys only in their masked form (never the sealed or the
 * plain value), the queue's name for the list.
 */
export function publicPrompt(prompt: PromptRecord, queues: Map<number, Pick<QueueRef, 'id' | 'name'>>) {
  const queue = prompt.queueId !== undefined ? queues.get(prompt.queueId) : undefined;
  return {
    id: prompt.id,
    name: prompt.name,
    prompt: prompt.prompt,
    voice: prompt.voice,
    voiceKey: prompt.voiceKeyMask ?? null,
    voiceRegion: prompt.voiceRegion ?? null,
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    apiKey: prompt.apiKeyMask,
    queueId: prompt.queueId ?? null,
    queue: queue ? { id: queue.id, name: queue.name } : null,
    maxMessages: prompt.maxMessages,
    companyId: prompt.companyId,
    createdAt: prompt.createdAt,
    updatedAt: prompt.updatedAt,
  };
}
