import type { TicketListFilter } from './types.ts';

export const ticketsQueryKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (filter: TicketListFilter) => ['tickets', 'list', filter] as const,
  details: () => ['tickets', 'detail'] as const,
  /** By the route's parameter: a numeric id or a uuid. */
  detail: (idOrUuid: string) => ['tickets', 'detail', idOrUuid] as const,
  messages: (ticketId: number) => ['messages', ticketId] as const,
};
