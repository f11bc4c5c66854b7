import type { FileListOption, FileListRecord } from '@atende/shared/entities/file-list';

/** An option as the API shows it; `url` (a signed link to the file) only in GET /files/{id}. */
export type FileListOptionView = FileListOption & { url?: string | null };

export type FileList = Omit<FileListRecord, 'options'> & { options: FileListOptionView[] };

/** GET /files: one page of the lists (extended §7: files, hasMore). */
export interface FileListsPage {
  files: FileList[];
  count?: number;
  hasMore: boolean;
}

/** POST /files and PUT /files/{id}; each option's file goes through uploadList afterwards. */
export interface FileListPayload {
  name: string;
  message: string;
  options: { id?: number; name: string }[];
  userId?: number;
}
