import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { TicketContact } from './types.ts';

/** GET /contacts?searchParam=: a 404 (no contacts module yet) reads as "no results". */
export async function searchContacts(searchParam: string, signal?: AbortSignal): Promise<TicketContact[]> {
  try {
    const answer = await api.get<{ contacts?: TicketContact[] } | TicketContact[]>(
      '/contacts',
      { searchParam, pageNumber: 1 },
      signal,
    );
    const list = Array.isArray(answer) ? answer : answer?.contacts;
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useContactSearch(searchParam: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['contacts', 'search', searchParam] as const,
      queryFn: ({ signal }) => searchContacts(searchParam, signal),
      meta: { silent: true },
    }),
    enabled,
  });
}
