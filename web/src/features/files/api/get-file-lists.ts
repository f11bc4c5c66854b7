import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileListsQueryKeys } from './file-lists-query-keys.ts';
import type { FileList, FileListsPage } from './types.ts';

/** GET /files (searchParam, pageNumber; files, hasMore). */
export async function getFileLists(
  params: { searchParam: string; pageNumber: number },
  signal?: AbortSignal,
): Promise<FileListsPage> {
  const page = await api.get<FileListsPage>('/files', params, signal);
  return { ...page, files: Array.isArray(page?.files) ? page.files : [], hasMore: !!page?.hasMore };
}

export function fileListsInfiniteQueryOptions(searchParam: string) {
  return infiniteQueryOptions({
    queryKey: fileListsQueryKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => getFileLists({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
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
