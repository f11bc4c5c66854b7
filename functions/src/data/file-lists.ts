import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { fileListEntity } from './file-list-entity.ts';
import { nextId } from './ids.ts';
import { isConditionFailure } from './sessions.ts';
import { companyItemReads } from './company-items.ts';

export type FileListRecord = EntityItem<typeof fileListEntity>;
/** One option of a list: its id, name and, once uploaded, the file's key, name and type. */
export type FileListOptionRecord = NonNullable<FileListRecord['options']>[number];

/** The fields a change of a list may set; options, when given, replace the stored set. */
export interface FileListChanges {
  name?: string;
  message?: string;
  userId?: number;
  options?: FileListOptionRecord[];
  nextOptionId?: number;
}

const fileListReads = companyItemReads(fileListEntity);

/**
 * AP-FL-1: a file list by id, with its options' object keys, types and file names (what a
 * campaign sends after its message).
 */
export const getFileList = fileListReads.get;

/**
 * AP-FL-2: every file list of a company: `pk = C#<companyId>`, `sk begins_with FILELIST#`.
 * A small set (a company keeps tens of lists); search and pages are applied in memory.
 */
export const listFileLists = fileListReads.list;

/** AP-FL-3: create a list with its options (ids 1..n) in one write. */
export async function createFileList(
  companyId: number,
  fields: { name: string; message: string; userId: number; options: { name: string }[] },
): Promise<FileListRecord> {
  const id = await nextId({ companyId }, 'fileList');
  const options = fields.options.map((option, index) => ({ id: index + 1, name: option.name }));
  const { data } = await fileListEntity
    .create({
      companyId,
      id,
      name: fields.name,
      message: fields.message,
      userId: fields.userId,
      options,
      nextOptionId: options.length + 1,
      version: 1,
    })
    .go();
  return data;
}

/**
 * AP-FL-4: change a list from what it is now. `change` gets the current list and returns the
 * fields to set; the write is conditioned on the version it read, and a lost race reads again
 * and re-applies `change` (a few times, then ERR_RECORD_CONFLICT). 404 when the list is gone.
 */
export async function changeFileList(
  companyId: number,
  id: number,
  change: (current: FileListRecord) => FileListChanges,
): Promise<{ before: FileListRecord; after: FileListRecord }> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await getFileList(companyId, id);
    if (!before) throw new AppError('ERR_NOT_FOUND');
    const changes = change(before);
    const version = before.version ?? 1;
    try {
      const { data } = await fileListEntity
        .patch({ companyId, id })
        .set({ ...changes, version: version + 1 })
        .where((attributes, { eq }) => eq(attributes.version, version))
        .go({ response: 'all_new' });
      return { before, after: data as FileListRecord };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (attempt >= 4) throw new AppError('ERR_RECORD_CONFLICT');
    }
  }
}

/** AP-FL-5: delete a list with its options; answers what was deleted (its objects go next). */
export async function deleteFileList(companyId: number, id: number): Promise<FileListRecord> {
  try {
    const { data } = await fileListEntity
      .delete({ companyId, id })
      .where(({ id: existing }, { exists }) => exists(existing))
      .go({ response: 'all_old' });
    if (!data) throw new AppError('ERR_NOT_FOUND');
    return data as FileListRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}
