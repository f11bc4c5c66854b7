import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileListsQueryKeys } from './file-lists-query-keys.ts';
import type { FileList, FileListsPage } from './types.ts';
import { getListPage, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

/** GET /files (searchParam, pageNumber; files, hasMore). */
export function getFileLists(params: SearchParams, signal?: AbortSignal) {
  return getListPage<FileListsPage>('/files', 'files', params, signal);
}

export function fileListsInfiniteQueryOptions(searchParam: string) {
  return searchPagesQueryOptions(fileListsQueryKeys.list(searchParam), getFileLists, searchParam);
}

/** The /files screen: search and infinite scroll. */
export function useFileLists(searchParam: string) {
  return useInfiniteQuery(fileListsInfiniteQueryOptions(searchParam));
}

/** GET /files/{id}: the list with a link to each uploaded file, for the dialog. */
export function getFileList(id: number, signal?: AbortSignal) {
  return api.get<FileList>(`/files/${id}`, undefined, signal);
}

export function fileListQueryOptions(id: number) {
  return queryOptions({
    queryKey: fileListsQueryKeys.detail(id),
    queryFn: ({ signal }) => getFileList(id, signal),
    // The links are signed for minutes: read again whenever the dialog opens.
    staleTime: 0,
  });
}

export function useFileList(id: number | undefined) {
  return useQuery({ ...fileListQueryOptions(id ?? 0), enabled: id !== undefined });
}
