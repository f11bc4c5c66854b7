import { randomUUID } from 'node:crypto';
import { AppError } from './app-error.ts';
import { matchesSearch } from './paging.ts';

/** GET /files pages: the SPA's infinite scroll asks for the next one near the bottom. */
export const fileListPageSize = 20;

/** An option as stored inside its list. */
export interface StoredFileListOption {
  id: number;
  name: string;
  mediaKey?: string;
  mediaName?: string;
  mediaMimetype?: string;
}

/** An option in a create or update payload: with the id of a stored one it keeps that one's file. */
export interface FileListOptionInput {
  id?: number;
  name: string;
}

/** The lists matching a search on the name, in name order. */
export function fileListsFor<T extends { id: number; name: string }>(all: T[], search: string): T[] {
  return all
    .filter((list) => matchesSearch(search, list.name))
    .sort((a, b) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }) || a.id - b.id);
}

/**
 * The options after a PUT that sends them: a sent option with the id of a stored one keeps that
 * one's file and takes the new name; any other sent option is new and gets the next id. Stored
 * options not sent are removed, and their files are answered so they can be deleted once the
 * new set is written.
 */
export function replaceOptions(
  stored: StoredFileListOption[],
  sent: FileListOptionInput[],
  nextOptionId: number,
): { options: StoredFileListOption[]; nextOptionId: number; removedKeys: string[] } {
  const byId = new Map(stored.map((option) => [option.id, option]));
  const kept = new Set<number>();
  let next = nextOptionId;
  const options = sent.map((input): StoredFileListOption => {
    const current = input.id === undefined ? undefined : byId.get(input.id);
    if (current && !kept.has(current.id)) {
      kept.add(current.id);
      return { ...current, name: input.name };
    }
    const id = next;
    next += 1;
    return { id, name: input.name };
  });
  const removedKeys = stored
    .filter((option) => !kept.has(option.id) && option.mediaKey)
    .map((option) => option.mediaKey!);
  return { options, nextOptionId: next, removedKeys };
}

/** An upload names an option of the list (404 otherwise), checked before anything is stored. */
export function assertHasOption(stored: StoredFileListOption[], optionId: number): void {
  if (!stored.some((option) => option.id === optionId)) throw new AppError('ERR_NOT_FOUND');
}

/**
 * The options after a file was uploaded for one of them (404 when the list no longer has it);
 * the file it replaces, if any, is answered for deletion.
 */
export function attachFile(
  stored: StoredFileListOption[],
  optionId: number,
  file: { mediaKey: string; mediaName: string; mediaMimetype: string },
): { options: StoredFileListOption[]; replacedKey: string | undefined } {
  assertHasOption(stored, optionId);
  const target = stored.find((option) => option.id === optionId)!;
  const options = stored.map((option) => (option.id === optionId ? { ...option, ...file } : option));
  return { options, replacedKey: target.mediaKey };
}

/** Every file a list holds (deleted with it). */
export function mediaKeysOf(options: StoredFileListOption[] | undefined): string[] {
  return (options ?? []).flatMap((option) => (option.mediaKey ? [option.mediaKey] : []));
}

/**
 * Where an option's file lives: under the company's prefix, a new key per upload, so a
 * replaced file never shadows the new one and a signed URL of the old one stops at the old bytes.
 */
export function fileListMediaKey(companyId: number, fileListId: number): string {
  return `c${companyId}/file-lists/${fileListId}/${randomUUID()}`;
}
