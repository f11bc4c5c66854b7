import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

/** DELETE /whatsapp/{id} → 204; the default cannot go while others remain (ERR_NO_OTHER_WHATSAPP). */
export function deleteWhatsapp(id: number) {
  return api.delete<void>(`/whatsapp/${id}`);
}

export function useDeleteWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWhatsapp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappsQueryKeys.all }),
  });
}
