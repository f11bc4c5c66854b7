import { removeMediaQuietly } from '#aws/s3';

/**
 * Deletes files no list names any more (at most limits.fileListOptionsMax at once), after the
 * write that dropped them: a failure leaves an orphan object (logged), never a list naming a missing file.
 */
export async function removeFileListObjects(keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => removeMediaQuietly(key, 'file list object')));
}
