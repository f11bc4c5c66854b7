import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { normalizeWhatsapp } from './normalize.ts';
import type { Whatsapp } from './types.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

/**
 * PUT /whatsapp/{id} with an empty token: the server makes a new one, which works at once while
 * the old one stops (docs/decisions.md, "Connection tokens"). Answers the connection with it.
 */
export async function rotateWhatsappToken(id: number): Promise<Whatsapp> {
  return normalizeWhatsapp(await api.put<Record<string, unknown>>(`/whatsapp/${id}`, { token: '' }));
}

export function useRotateWhatsappToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWhatsappToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappsQueryKeys.all }),
  });
}
