import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';

/** DELETE /tickets/{id} (admins) → 204. */
export function deleteTicket(id: number) {
  return api.delete<void>(`/tickets/${id}`);
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() }),
  });
}
