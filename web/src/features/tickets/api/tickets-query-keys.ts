import type { TicketSearchFilter } from '../ticket-search.ts';
import type { TicketListFilter } from './types.ts';

export const ticketsQueryKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (filter: TicketListFilter) => ['tickets', 'list', filter] as const,
  /** The search tab's results, apart from the tab lists (their live merge differs). */
  searches: () => ['tickets', 'search'] as const,
  search: (filter: TicketSearchFilter) => ['tickets', 'search', filter] as const,
  details: () => ['tickets', 'detail'] as const,
  /** By the route's parameter: a numeric id or a uuid. */
  detail: (idOrUuid: string) => ['tickets', 'detail', idOrUuid] as const,
  messages: (ticketId: number) => ['messages', ticketId] as const,
};
