import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
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

/** Options of a query beside its key and fetcher (a silent failure, how long it stays fresh). */
interface ReadOptions {
  meta?: { silent?: boolean };
  staleTime?: number;
}

/** GET `path/{id}`: one record, as a dialog edits it; the hook waits for an id. */
export function recordReader<R>(path: string, key: (id: number) => QueryKey, options: ReadOptions = {}) {
  const get = (id: number, signal?: AbortSignal) => api.get<R>(`${path}/${id}`, undefined, signal);
  const recordQueryOptions = (id: number) =>
    queryOptions({ queryKey: key(id), queryFn: ({ signal }) => get(id, signal), ...options });
  function useRecord(id: number | undefined) {
    return useQuery({ ...recordQueryOptions(id ?? 0), enabled: id !== undefined });
  }
  return { get, queryOptions: recordQueryOptions, useRecord };
}

/** GET `path`: a whole list (no pages); the hook may wait (`enabled`). */
export function listReader<R>(path: string, queryKey: QueryKey, options: ReadOptions = {}) {
  const get = (signal?: AbortSignal) => api.get<R[]>(path, undefined, signal);
  const listQueryOptions = queryOptions({ queryKey, queryFn: ({ signal }) => get(signal), ...options });
  function useList(enabled = true) {
    return useQuery({ ...listQueryOptions, enabled });
  }
  return { get, queryOptions: listQueryOptions, useList };
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
