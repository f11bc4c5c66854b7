import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

/**
 * The one S3 client of a bundle. S3_ENDPOINT is set only by the local runtime (s3rver, path
 * style); checksums only when required, which s3rver and presigned browser uploads both need.
 */
export const s3Client = new S3Client({
  endpoint: process.env.S3_ENDPOINT || undefined,
  forcePathStyle: Boolean(process.env.S3_ENDPOINT),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  logger: sdkLogger,
});

export const mediaBucket = (): string => requireEnv('MEDIA_BUCKET');

export async function putMedia(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await s3Client.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: bytes, ContentType: contentType }));
}

/** Media is never public: the browser gets a URL signed for a few minutes. */
export const mediaUrlSeconds = 15 * 60;

export function signedMediaUrl(key: string, fileName?: string): Promise<string> {
  return getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      ...(fileName ? { ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(fileName)}` } : {}),
    }),
    { expiresIn: mediaUrlSeconds },
  );
}
