import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { normalizeWhatsapp } from './normalize.ts';
import type { Whatsapp } from './types.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

/** GET /whatsapp/{id} (session=0): the edit modal reads the stored values, token included. */
export async function getWhatsapp(id: number, signal?: AbortSignal): Promise<Whatsapp> {
  return normalizeWhatsapp(await api.get<Record<string, unknown>>(`/whatsapp/${id}`, { session: 0 }, signal));
}

export function whatsappQueryOptions(id: number) {
  return queryOptions({
    queryKey: whatsappsQueryKeys.detail(id),
    queryFn: ({ signal }) => getWhatsapp(id, signal),
    staleTime: 0,
  });
}

export function useWhatsapp(id: number | undefined) {
  return useQuery({ ...whatsappQueryOptions(id ?? 0), enabled: id !== undefined });
}
