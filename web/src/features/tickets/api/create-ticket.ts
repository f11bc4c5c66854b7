import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Ticket } from './types.ts';

export interface TicketCreate {
  contactId: number;
  queueId?: number;
  whatsappId?: number;
  userId: number;
  status: 'open';
}

/** POST /tickets → 201; 409 ERR_OTHER_OPEN_TICKET carries who holds the open ticket. */
export function createTicket(payload: TicketCreate) {
  return api.post<Ticket>('/tickets', payload);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKeys.lists() }),
  });
}
