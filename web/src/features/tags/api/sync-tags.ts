import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tagsQueryKeys } from './tags-query-keys.ts';
import type { TagRef } from './types.ts';

/** POST /tags/sync → `{ ticketId, tags }`: the ticket's whole tag set (core §7). */
export async function syncTicketTags(
  ticketId: number,
  tagIds: readonly number[],
): Promise<TagRef[] | undefined> {
  const answer = await api.post<{ tags?: unknown } | undefined>('/tags/sync', {
    ticketId,
    tags: tagIds.map((id) => ({ id })),
  });
  const tags = answer?.tags;
  return Array.isArray(tags) &&
    tags.every((tag) => tag && typeof tag === 'object' && typeof tag.id === 'number')
    ? (tags as TagRef[])
    : undefined;
}

/**
 * Afterwards the ticket lists (which show the tags) and the tag counts reload. The open ticket's
 * detail takes the answer's tags directly (see the tag editor), not a reload.
 */
export function useSyncTicketTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, tagIds }: { ticketId: number; tagIds: readonly number[] }) =>
      syncTicketTags(ticketId, tagIds),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] }),
        queryClient.invalidateQueries({ queryKey: tagsQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: tagsQueryKeys.options() }),
      ]),
  });
}
