import type { FileListRecord } from '#data/file-lists';

/**
 * A file list as the API and the live channel show it (extended §3: options with id, name,
 * path, mediaType). `path` is the uploaded file's own name, shown by the dialog; the object key
 * stays on the server.
 */
export function publicFileList(list: FileListRecord, urls?: ReadonlyMap<number, string>) {
  return {
    id: list.id,
    name: list.name,
    message: list.message ?? '',
    userId: list.userId ?? null,
    companyId: list.companyId,
    options: (list.options ?? []).map((option) => ({
      id: option.id,
      name: option.name,
      path: option.mediaKey ? (option.mediaName ?? 'archivo') : null,
      mediaType: option.mediaKey ? (option.mediaMimetype ?? null) : null,
      fileId: list.id,
      /** A short-lived signed URL of the file, in GET /files/{id} only (null elsewhere and in events). */
      url: urls?.get(option.id) ?? null,
    })),
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
  };
}
