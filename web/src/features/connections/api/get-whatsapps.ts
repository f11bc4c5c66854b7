import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

export interface WhatsappRef {
  id: number;
  name: string;
  status?: string;
  isDefault?: boolean;
}

export const whatsappsQueryKeys = { all: ['whatsapps'] as const, list: () => ['whatsapps', 'list'] as const };

/** GET /whatsapp/ (session=0). A 404 (the module arrives later) reads as "no connections yet". */
export async function getWhatsapps(signal?: AbortSignal): Promise<WhatsappRef[]> {
  try {
    const list = await api.get<WhatsappRef[]>('/whatsapp/', { session: 0 }, signal);
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const whatsappsQueryOptions = queryOptions({
  queryKey: whatsappsQueryKeys.list(),
  queryFn: ({ signal }) => getWhatsapps(signal),
  meta: { silent: true },
});

export function useWhatsapps(enabled = true) {
  return useQuery({ ...whatsappsQueryOptions, enabled });
}
