import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionAlert, ConnectionHistory } from '@atende/shared/entities/connection-health';
import { api } from '../../../lib/api-client.ts';

export type { ConnectionAlert, ConnectionHistory };

export const connectionHealthQueryKeys = {
  alerts: () => ['whatsapps', 'health', 'alerts'] as const,
  history: (id: number) => ['whatsapps', 'health', 'history', id] as const,
};

/** GET /whatsapp/health/alerts: the company's open connection alerts (admins). */
export async function getConnectionAlerts(signal?: AbortSignal): Promise<ConnectionAlert[]> {
  const list = await api.get<unknown>('/whatsapp/health/alerts', undefined, signal);
  return Array.isArray(list) ? (list as ConnectionAlert[]) : [];
}

export const connectionAlertsQueryOptions = queryOptions({
  queryKey: connectionHealthQueryKeys.alerts(),
  queryFn: ({ signal }) => getConnectionAlerts(signal),
  meta: { silent: true },
});

/** The banner's alerts: read on load (admins only), then kept by the `connectionAlert` live event. */
export function useConnectionAlerts(enabled: boolean) {
  return useQuery({ ...connectionAlertsQueryOptions, enabled });
}

/** GET /whatsapp/{id}/history: the last 30 days of a connection. */
export async function getConnectionHistory(id: number, signal?: AbortSignal): Promise<ConnectionHistory> {
  return api.get<ConnectionHistory>(`/whatsapp/${id}/history`, undefined, signal);
}

export function connectionHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: connectionHealthQueryKeys.history(id),
    queryFn: ({ signal }) => getConnectionHistory(id, signal),
    staleTime: 0,
  });
}

export function useConnectionHistory(id: number | undefined) {
  return useQuery({ ...connectionHistoryQueryOptions(id ?? 0), enabled: id !== undefined });
}
