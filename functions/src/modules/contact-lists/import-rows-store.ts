import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, s3Client } from '#aws/s3';
import type { ItemFields } from '#data/contact-lists';
import { logger } from '#observability/logger';

/**
 * An import's accepted rows wait in the media bucket (under the company's prefix, so the company
 * purge sweeps them) between the upload and the queued steps that write them.
 */
export function importRowsKey(companyId: number, contactListId: number, importId: string): string {
  return `c${companyId}/contact-list-imports/${contactListId}/${importId}.json`;
}

export async function storeImportRows(key: string, rows: ItemFields[]): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      Body: JSON.stringify(rows),
      ContentType: 'application/json',
    }),
  );
}

/** The rows, or undefined when the object is gone (the import finished and removed it). */
export async function loadImportRows(key: string): Promise<ItemFields[] | undefined> {
  try {
    const answer = await s3Client.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return JSON.parse(await answer.Body!.transformToString()) as ItemFields[];
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function removeImportRows(key: string): Promise<void> {
  try {
    await s3Client.send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
  } catch (error) {
    logger.warn('import rows not deleted', { key, error: String(error) });
  }
}
