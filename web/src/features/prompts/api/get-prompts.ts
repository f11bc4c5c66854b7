import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { promptsQueryKeys } from './query-keys.ts';
import type { Prompt, PromptsAnswer } from './types.ts';

/** GET /prompt (prompts; and today's AI use). */
export async function getPrompts(signal?: AbortSignal): Promise<PromptsAnswer> {
  const answer = await api.get<PromptsAnswer>('/prompt', undefined, signal);
  return {
    prompts: Array.isArray(answer?.prompts) ? answer.prompts : [],
    ...(answer?.usage ? { usage: answer.usage } : {}),
  };
}

export function promptsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: promptsQueryKeys.list(),
    queryFn: ({ signal }) => getPrompts(signal),
    enabled,
  });
}

/** The /prompts list, and the queue and connection dialogs' prompt selects. */
export function usePrompts(enabled = true) {
  return useQuery(promptsQueryOptions(enabled));
}

export function getPrompt(id: number, signal?: AbortSignal) {
  return api.get<Prompt>(`/prompt/${id}`, undefined, signal);
}

export function usePrompt(id: number | undefined) {
  return useQuery({
    queryKey: promptsQueryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPrompt(id ?? 0, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
