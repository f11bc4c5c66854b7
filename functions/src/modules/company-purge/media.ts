import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mediaBucket, s3Client } from '#aws/s3';
import type { PurgeBudget } from '#domain/company-purge-plan';

/**
 * Deletes the media bucket's objects under a prefix, 1,000 per request, within the step's
 * budget. What was deleted is no longer listed, so every call lists from the start.
 */
export async function deleteMediaUnder(prefix: string, budget: PurgeBudget): Promise<{ deleted: number; complete: boolean }> {
  let deleted = 0;
  for (;;) {
    if (budget.exhausted) return { deleted, complete: false };
    const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: mediaBucket(), Prefix: prefix, MaxKeys: 1000 }));
    const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length === 0) return { deleted, complete: true };
    const answer = await s3Client.send(
      new DeleteObjectsCommand({ Bucket: mediaBucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (answer.Errors && answer.Errors.length > 0) {
      throw new Error(`media delete failed for ${answer.Errors.length} objects: ${answer.Errors[0]?.Code ?? 'unknown'}`);
    }
    deleted += keys.length;
    budget.spend(keys.length);
    if (!listed.IsTruncated) return { deleted, complete: true };
  }
}

/** How many objects are left under a prefix (at most `limit`). */
export async function mediaLeftUnder(prefix: string, limit = 100): Promise<number> {
  const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: mediaBucket(), Prefix: prefix, MaxKeys: limit }));
  return listed.Contents?.length ?? 0;
}
