import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';
import { contentDisposition, servedType } from '@atende/shared/media-type';
import { logger } from '#observability/logger';

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

/**
 * Stores a medium with the type it is served with and its disposition as object metadata, so
 * even an unsigned-override GET renders only allow-listed types inline (docs/security.md, "Media").
 */
export async function putMedia(
  key: string,
  bytes: Uint8Array,
  contentType: string,
  fileName?: string | null,
): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      Body: bytes,
      ContentType: servedType(contentType),
      ContentDisposition: contentDisposition(contentType, fileName),
    }),
  );
}

/** A stored medium's bytes, or undefined when the object is gone. */
export async function readMedia(key: string): Promise<Uint8Array | undefined> {
  try {
    const answer = await s3Client.send(new GetObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return answer.Body ? await answer.Body.transformToByteArray() : undefined;
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * Deletes a medium no record names any more. Best effort: it runs after the write that dropped
 * it, so a failure leaves an orphan object (logged with `what`), never a record naming a missing file.
 */
export async function removeMediaQuietly(key: string | undefined, what: string): Promise<void> {
  if (!key) return;
  try {
    await s3Client.send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
  } catch (error) {
    logger.warn(`${what} not deleted`, { key, error: String(error) });
  }
}

/** Media is never public: the browser gets a URL signed for a few minutes. */
export const mediaUrlSeconds = 15 * 60;

/**
 * A GET signed for a few minutes. The response's type and disposition are part of the signature
 * and decided here from the stored type (not the object's metadata, which older objects set from
 * the sender's claim): allow-listed images, audio and video inline, everything else an attachment
 * of an allow-listed or opaque type. `download` asks for an attachment whatever the type. A
 * record without a type is served as opaque bytes.
 */
export function signedMediaUrl(
  key: string,
  fileName?: string | null,
  mimetype?: string | null,
  options: { download?: boolean } = {},
): Promise<string> {
  const type = mimetype ?? 'application/octet-stream';
  return getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      ResponseContentType: servedType(type),
      ResponseContentDisposition: contentDisposition(type, fileName, options.download),
    }),
    { expiresIn: mediaUrlSeconds },
  );
}
