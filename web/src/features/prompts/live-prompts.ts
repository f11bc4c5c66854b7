import { useQueryClient } from '@tanstack/react-query';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import { removeById, upsertById } from '../../lib/merge-by-id.ts';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { promptsQueryKeys } from './api/query-keys.ts';
import type { Prompt, PromptsAnswer } from './api/types.ts';

/** Reads a `prompt` live event: `{ action, prompt }` or `{ action: "delete", promptId }`. */
export function parsePromptEvent(data: unknown): RecordLiveEvent<Prompt> | undefined {
  return parseRecordEvent<Prompt>(data, { record: ['prompt', 'record'], id: ['promptId', 'id'] });
}

/** Merges a prompt event into the list answer by id; today's AI use stays as it was. */
export function applyPromptEvent(
  answer: PromptsAnswer | undefined,
  event: RecordLiveEvent<Prompt>,
): PromptsAnswer | undefined {
  if (!answer) return answer;
  const prompts =
    event.action === 'delete'
      ? removeById(answer.prompts, event.id)
      : upsertById(answer.prompts, event.record);
  return { ...answer, prompts };
}

/** extended §4: the prompts list (and the prompt selects that share it) follows `prompt` events. */
export function useLivePrompts(): void {
  const queryClient = useQueryClient();
  useLiveEvent('prompt', (data) => {
    const event = parsePromptEvent(data);
    if (!event) return;
    queryClient.setQueryData<PromptsAnswer>(promptsQueryKeys.list(), (answer) =>
      applyPromptEvent(answer, event),
    );
  });
}
