import { fileListCreateInputSchema } from '@atende/shared/entities/file-list';
import { validateForm, type FormCheck } from '../../lib/form-validation.ts';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import type { FileList, FileListPayload } from './api/types.ts';

/** One option row of the dialog: its stored id (none while new), name, stored file and new file. */
export interface FileListOptionRow {
  /** Stable React key of the row. */
  key: string;
  id?: number;
  name: string;
  /** The stored file's name, if the option has one. */
  path: string | null;
  /** A signed link to the stored file. */
  url?: string | null;
  /** A file chosen in this dialog, uploaded after saving. */
  file?: File;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileListOptionRow[];
}

let rowSequence = 0;
const nextKey = () => `row-${(rowSequence += 1)}`;

export function emptyOptionRow(): FileListOptionRow {
  return { key: nextKey(), name: '', path: null };
}

export function emptyFileListForm(): FileListFormValues {
  return { name: '', message: '', options: [] };
}

export function fileListFormOf(record: FileList): FileListFormValues {
  return {
    name: record.name ?? '',
    message: record.message ?? '',
    options: (record.options ?? []).map((option) => ({
      key: nextKey(),
      id: option.id,
      name: option.name,
      path: option.path ?? null,
      url: option.url ?? null,
    })),
  };
}

/**
 * extended §5 File list: name at least 3 characters ('nombre muy corto'), message required
 * ('Requerido'); every option needs its name (messages under `options.<i>.name`).
 */
export function checkFileListForm(
  values: FileListFormValues,
): FormCheck<{ payload: FileListPayload; files: (File | undefined)[] }> {
  const checked = validateForm(fileListCreateInputSchema, {
    name: values.name,
    message: values.message,
    options: values.options.map((row) => ({ id: row.id, name: row.name })),
  });
  if (!checked.ok) return checked;
  const { name, message, options } = checked.data;
  return {
    ok: true,
    data: {
      payload: {
        name,
        message,
        options: options.map((option) => ({ ...(option.id ? { id: option.id } : {}), name: option.name })),
      },
      files: values.options.map((row) => row.file),
    },
  };
}

/** The live `file` event: `{ action, fileList }`, delete with `fileListId`. */
export function parseFileListEvent(data: unknown): RecordLiveEvent<FileList> | undefined {
  return parseRecordEvent<FileList>(data, { record: ['fileList', 'record'], id: ['fileListId', 'id'] });
}
