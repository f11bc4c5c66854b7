import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketNote } from '@atende/shared/entities/ticket-note';
import { api, ApiError } from '../../../lib/api-client.ts';

export type { TicketNote };

export const ticketNotesQueryKeys = {
  all: ['ticket-notes'] as const,
  list: (ticketId: number, contactId: number) => ['ticket-notes', ticketId, contactId] as const,
};

/** GET /ticket-notes/list: the ticket's notes with their author; 404 (no notes module yet) reads as none. */
export async function getTicketNotes(
  ticketId: number,
  contactId: number,
  signal?: AbortSignal,
): Promise<TicketNote[]> {
  try {
    const notes = await api.get<TicketNote[] | { notes?: TicketNote[] }>(
      '/ticket-notes/list',
      { ticketId, contactId },
      signal,
    );
    const list = Array.isArray(notes) ? notes : notes?.notes;
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function ticketNotesQueryOptions(ticketId: number, contactId: number) {
  return queryOptions({
    queryKey: ticketNotesQueryKeys.list(ticketId, contactId),
    queryFn: ({ signal }) => getTicketNotes(ticketId, contactId, signal),
    meta: { silent: true },
  });
}

export function useTicketNotes(ticketId: number, contactId: number) {
  return useQuery(ticketNotesQueryOptions(ticketId, contactId));
}

/** POST /ticket-notes { note, ticketId, contactId }. */
export function addTicketNote(payload: { note: string; ticketId: number; contactId: number }) {
  return api.post<TicketNote>('/ticket-notes', payload);
}

/** DELETE /ticket-notes/{id}. */
export function deleteTicketNote(id: number) {
  return api.delete<void>(`/ticket-notes/${id}`);
}

export function useAddTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTicketNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketNotesQueryKeys.all }),
  });
}

export function useDeleteTicketNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketNotesQueryKeys.all }),
  });
}
