import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { normalizeWhatsapp } from './normalize.ts';
import type { Whatsapp } from './types.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

export { whatsappsQueryKeys };
export type { Whatsapp };

/** What other screens (the user modal, ticket modals) need of a connection. */
export type WhatsappRef = Pick<Whatsapp, 'id' | 'name' | 'status' | 'isDefault'>;

/** GET /whatsapp/ (session=0), ordered by id. A 404 (no module behind the route) reads as "none". */
export async function getWhatsapps(signal?: AbortSignal): Promise<Whatsapp[]> {
  try {
    const list = await api.get<unknown>('/whatsapp/', { session: 0 }, signal);
    if (!Array.isArray(list)) return [];
    return list
      .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
      .map(normalizeWhatsapp)
      .sort((a, b) => a.id - b.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * The company's connections: the connections page, the menu badge and every connection select
 * share this one cache entry, which the live events keep current (use-live-whatsapps.ts).
 */
export const whatsappsQueryOptions = queryOptions({
  queryKey: whatsappsQueryKeys.list(),
  queryFn: ({ signal }) => getWhatsapps(signal),
  meta: { silent: true },
});

export function useWhatsapps(enabled = true) {
  return useQuery({ ...whatsappsQueryOptions, enabled });
}
