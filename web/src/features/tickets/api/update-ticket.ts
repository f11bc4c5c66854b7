import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Ticket, TicketUpdate } from './types.ts';

/** PUT /tickets/{id}: accept, return, resolve, reopen and transfer (core §4). */
export function updateTicket(id: number, update: TicketUpdate) {
  return api.put<Ticket>(`/tickets/${id}`, update);
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: TicketUpdate }) => updateTicket(id, update),
    // A conflict (ERR_TICKET_CONFLICT) or a success both call for fresh lists and details.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.details() }),
      ]),
  });
}
