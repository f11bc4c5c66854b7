import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Help } from '@atende/shared/entities/help';
import { api } from '../../../lib/api-client.ts';
import { helpsQueryKeys } from './helps-query-keys.ts';

export type { Help };

/** GET /helps/list: every help video. */
export function getHelps(signal?: AbortSignal) {
  return api.get<Help[]>('/helps/list', undefined, signal);
}

export const helpsQueryOptions = queryOptions({
  queryKey: helpsQueryKeys.list(),
  queryFn: ({ signal }) => getHelps(signal),
});

export function useHelps() {
  return useQuery(helpsQueryOptions);
}
