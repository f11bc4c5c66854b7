import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketsQueryKeys } from './tickets-query-keys.ts';
import type { Ticket } from './types.ts';

/** GET /tickets/{id} for a numeric id, GET /tickets/u/{uuid} otherwise. */
export function getTicket(idOrUuid: string, signal?: AbortSignal) {
  const path = /^\d+$/.test(idOrUuid) ? `/tickets/${idOrUuid}` : `/tickets/u/${encodeURIComponent(idOrUuid)}`;
  return api.get<Ticket>(path, undefined, signal);
}

export function ticketQueryOptions(idOrUuid: string) {
  return queryOptions({
    queryKey: ticketsQueryKeys.detail(idOrUuid),
    queryFn: ({ signal }) => getTicket(idOrUuid, signal),
    retry: false,
    meta: { silent: true },
  });
}

export function useTicket(idOrUuid: string | undefined) {
  return useQuery({ ...ticketQueryOptions(idOrUuid ?? ''), enabled: !!idOrUuid });
}
