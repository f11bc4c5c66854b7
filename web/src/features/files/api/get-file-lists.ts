import { useInfiniteQuery } from '@tanstack/react-query';
import { fileListsQueryKeys } from './file-lists-query-keys.ts';
import type { FileList, FileListsPage } from './types.ts';
import { getListPage, recordReader, searchPagesQueryOptions, type SearchParams } from '../../../lib/record-api.ts';

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

// The links are signed for minutes: read again whenever the dialog opens.
const fileListReader = recordReader<FileList>('/files', fileListsQueryKeys.detail, { staleTime: 0 });

/** GET /files/{id}: the list with a link to each uploaded file, for the dialog. */
export const getFileList = fileListReader.get;
export const fileListQueryOptions = fileListReader.queryOptions;
export const useFileList = fileListReader.useRecord;
