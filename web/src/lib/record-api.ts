import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from './api-client.ts';

/*
 * The pieces the features' api files repeated word for word: the infinite query of a searched
 * list, a page's list kept an array, the query of one record and the save of a record (POST or
 * PUT). Each feature's api file still exports its own fetcher, queryOptions and hook (the
 * bulletproof-react shape), made from these.
 */

/** What a searched list asks for: the search text and the page (core §9 infinite scroll). */
// A type, not an interface: it is passed as the query's parameters (an index signature).
export type SearchParams = { searchParam: string; pageNumber: number };

/** The infinite query of a searched list: the next page while the last one said hasMore. */
export function searchPagesQueryOptions<P extends { hasMore?: boolean }, K extends QueryKey>(
  queryKey: K,
  fetchPage: (params: SearchParams, signal?: AbortSignal) => Promise<P>,
  searchParam: string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: P, pages: P[]) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET of a page whose list is under `field`: the list always an array, hasMore a boolean. */
export async function getListPage<P extends { hasMore?: boolean }>(
  path: string,
  field: keyof P & string,
  params: SearchParams,
  signal?: AbortSignal,
): Promise<P> {
  const page = await api.get<P>(path, params, signal);
  const list = (page as Record<string, unknown> | undefined)?.[field];
  return { ...page, [field]: Array.isArray(list) ? list : [], hasMore: !!page?.hasMore };
}

/** The query of one record a dialog edits, read again whenever the dialog opens. */
export function recordQueryOptions<R, K extends QueryKey>(
  queryKey: K,
  fetchRecord: (signal?: AbortSignal) => Promise<R>,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetchRecord(signal), staleTime: 0 });
}

/** A record's save: POST `path` without an id, PUT `path/{id}` with one. */
export interface RecordSave<P> {
  id?: number;
  payload: P;
}

/**
 * A feature's create, update and save hook for the records at `path`; after a save the queries
 * under `invalidates` reload (and `onSaved` runs, for what a feature does more).
 */
export function recordSaver<P, R>(
  path: string,
  invalidates: QueryKey,
  onSaved?: (queryClient: ReturnType<typeof useQueryClient>, saved: R, save: RecordSave<P>) => Promise<unknown>,
) {
  const create = (payload: P) => api.post<R>(path, payload);
  const update = (id: number, payload: P) => api.put<R>(`${path}/${id}`, payload);
  function useSave() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, payload }: RecordSave<P>) => (id === undefined ? create(payload) : update(id, payload)),
      onSuccess: async (saved, save) => {
        await queryClient.invalidateQueries({ queryKey: invalidates });
        await onSaved?.(queryClient, saved, save);
      },
    });
  }
  return { create, update, useSave };
}
