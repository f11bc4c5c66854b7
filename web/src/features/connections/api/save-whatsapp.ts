import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { normalizeWhatsapp } from './normalize.ts';
import type { Whatsapp, WhatsappPayload } from './types.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

/** POST /whatsapp → 201; the server starts the new connection's session at once. */
export async function createWhatsapp(payload: WhatsappPayload): Promise<Whatsapp> {
  return normalizeWhatsapp(await api.post<Record<string, unknown>>('/whatsapp', payload));
}

/** PUT /whatsapp/{id}. */
export async function updateWhatsapp(id: number, payload: WhatsappPayload): Promise<Whatsapp> {
  return normalizeWhatsapp(await api.put<Record<string, unknown>>(`/whatsapp/${id}`, payload));
}

export function useSaveWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: WhatsappPayload }) =>
      id === undefined ? createWhatsapp(payload) : updateWhatsapp(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappsQueryKeys.all }),
  });
}
