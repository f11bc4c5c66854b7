import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { mediaBucket, s3Client } from '#aws/s3';

/**
 * Deletes files no list names any more (at most limits.fileListOptionsMax at once). Best effort:
 * it runs after the write that dropped them, so a failure leaves an orphan object (logged), never
 * a list naming a missing file.
 */
export async function removeFileListObjects(keys: string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await s3Client.send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
      } catch (error) {
        console.warn(
          JSON.stringify({
            level: 'warn',
            message: 'file list object not deleted',
            key,
            error: String(error),
          }),
        );
      }
    }),
  );
}
