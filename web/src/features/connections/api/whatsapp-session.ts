import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whatsappsQueryKeys } from './whatsapps-query-keys.ts';

/** The session calls of core §7, each answering 202; the outcome arrives as live events. */
export type SessionCommand = 'retry' | 'newQr' | 'disconnect';

const methodOf = { retry: 'POST', newQr: 'PUT', disconnect: 'DELETE' } as const;

/** POST (try again), PUT (new QR) or DELETE (disconnect) /whatsappsession/{id}. */
export function sendSessionCommand(id: number, command: SessionCommand) {
  return api.request<unknown>({ method: methodOf[command], path: `/whatsappsession/${id}` });
}

export function useSessionCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: SessionCommand }) => sendSessionCommand(id, command),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappsQueryKeys.all }),
  });
}
