import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpCreateInput } from '@atende/shared/entities/help';
import { api } from '../../../lib/api-client.ts';
import type { Help } from './get-helps.ts';
import { helpsQueryKeys } from './helps-query-keys.ts';

export function createHelp(payload: HelpCreateInput) {
  return api.post<Help>('/helps', payload);
}

export function updateHelp(id: number, payload: HelpCreateInput) {
  return api.put<Help>(`/helps/${id}`, payload);
}

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: HelpCreateInput }) =>
      id === undefined ? createHelp(payload) : updateHelp(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.all }),
  });
}
