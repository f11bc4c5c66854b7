import * as z from 'zod';
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

/** What a save sends: the route's body, and the files chosen for the options, by place. */
export interface FileListSave {
  payload: FileListPayload;
  files: (File | undefined)[];
}

/**
 * extended §5 File list: name at least 3 characters ('nombre muy corto'), message required
 * ('Requerido'); every option needs its name (messages under `options.<i>.name`): the route's body
 * schema over the dialog's values; the chosen files ride along, by place.
 */
export const fileListFormSchema = z
  .preprocess(
    (values) => {
      const { name, message, options } = values as FileListFormValues;
      return {
        name,
        message,
        options: options.map((row) => ({ id: row.id, name: row.name })),
        files: options.map((row) => row.file),
      };
    },
    fileListCreateInputSchema.extend({ files: z.array(z.custom<File | undefined>()) }),
  )
  .transform(({ name, message, options, files }): FileListSave => ({
    payload: {
      name,
      message,
      options: options.map((option) => ({ ...(option.id ? { id: option.id } : {}), name: option.name })),
    },
    files,
  })) as unknown as z.ZodType<FileListSave, FileListFormValues>;

/** The dialog's check outside it (the unit tests): what a save sends, or the messages by field. */
export function checkFileListForm(values: FileListFormValues): FormCheck<FileListSave> {
  return validateForm(fileListFormSchema, values);
}

/** The live `file` event: `{ action, fileList }`, delete with `fileListId`. */
export function parseFileListEvent(data: unknown): RecordLiveEvent<FileList> | undefined {
  return parseRecordEvent<FileList>(data, { record: ['fileList', 'record'], id: ['fileListId', 'id'] });
}
