import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const versionQueryKey = ['version'] as const;

/** GET /version: the product version shown in the drawer (core §7). */
export async function getVersion(signal?: AbortSignal): Promise<string> {
  const answer = await api.get<{ version?: unknown }>('/version', undefined, signal);
  return typeof answer?.version === 'string' ? answer.version : '';
}

export const versionQueryOptions = queryOptions({
  queryKey: versionQueryKey,
  queryFn: ({ signal }) => getVersion(signal),
  staleTime: Infinity,
  retry: false,
  meta: { silent: true },
});

export function useVersion() {
  return useQuery(versionQueryOptions);
}
