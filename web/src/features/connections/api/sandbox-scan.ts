import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /sandbox/{id}/scan → 202: the sandbox "phone" reads the QR (local stages only). The status
 * then moves on by live events, which is what closes the QR modal.
 */
export function simulateSandboxScan(id: number) {
  return api.post<unknown>(`/sandbox/${id}/scan`);
}

export function useSandboxScan() {
  return useMutation({ mutationFn: simulateSandboxScan });
}
