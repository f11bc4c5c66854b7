import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queuesQueryKeys } from '../../queues/api/get-queues.ts';
import { promptsQueryKeys } from './query-keys.ts';
import type { Prompt, PromptPayload } from './types.ts';

/** POST /prompt, or PUT /prompt/{id} with an id. */
export function savePrompt({ id, payload }: { id?: number; payload: PromptPayload }) {
  return id === undefined ? api.post<Prompt>('/prompt', payload) : api.put<Prompt>(`/prompt/${id}`, payload);
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrompt,
    // A prompt's queue runs it: the queues' promptId changed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: promptsQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: queuesQueryKeys.all }),
      ]),
  });
}
