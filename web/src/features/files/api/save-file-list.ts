import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileListsQueryKeys } from './file-lists-query-keys.ts';
import type { FileList, FileListPayload } from './types.ts';

export function createFileList(payload: FileListPayload) {
  return api.post<FileList>('/files', payload);
}

export function updateFileList(id: number, payload: FileListPayload) {
  return api.put<FileList>(`/files/${id}`, payload);
}

/**
 * POST /files/uploadList/{id} (extended §7: fileId, typeArch 'fileList', files, mediaType, name,
 * id): one option's file per request, since a request carries at most 10 MB.
 */
export function uploadFileListOption(fileListId: number, option: { id: number; name: string }, file: File) {
  const body = new FormData();
  body.append('fileId', String(fileListId));
  body.append('typeArch', 'fileList');
  body.append('mediaType', file.type);
  body.append('name', option.name);
  body.append('id', String(option.id));
  body.append('files', file, file.name);
  return api.post<FileList>(`/files/uploadList/${fileListId}`, body);
}

export interface FileListSave {
  id?: number;
  payload: FileListPayload;
  /** The new file of each option, by its place in `payload.options`. */
  files: (File | undefined)[];
}

/**
 * Saves the list with its options, then uploads each chosen file to the option the answer gives
 * at the same place (the server keeps the order it was sent).
 */
export async function saveFileList({ id, payload, files }: FileListSave): Promise<FileList> {
  const saved = id === undefined ? await createFileList(payload) : await updateFileList(id, payload);
  let latest = saved;
  for (const [index, file] of files.entries()) {
    const option = saved.options[index];
    if (file && option) latest = await uploadFileListOption(saved.id, option, file);
  }
  return latest;
}

export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFileList,
    // The list may be saved even when an upload fails: reload either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKeys.all }),
  });
}
