import { putMedia, removeMediaQuietly, signedMediaUrl } from '#aws/s3';

/** The attachment fields a record keeps (quick messages, announcements, campaigns, schedules). */
export interface AttachmentFields {
  mediaKey: string;
  mediaName: string;
  mediaMimetype: string;
  mediaSize: number;
}

export interface AttachmentUpload {
  /** The new object's key: a new key per upload, so the old one can go after the save. */
  key: string;
  file: { filename: string; content: Buffer };
  /** The type read from the bytes (domain/media-rules.ts), not the browser's claim. */
  mimetype: string;
  /** The name shown when the file came without one ('archivo', 'imagen'). */
  defaultName: string;
  /** The object the record names now, deleted once the new one is saved. */
  previousKey: string | undefined;
  /** What the object is, for the log line of a delete that failed. */
  what: string;
}

/**
 * Stores an uploaded file and the record that names it, in that order: the object is put, then
 * `save` writes the record's attachment fields; when the save fails the new object is deleted
 * (no orphan), and once it succeeded the object the record named before goes (best effort, like
 * every media delete: docs/security.md, "Media").
 */
export async function replaceAttachment<R>(
  upload: AttachmentUpload,
  save: (fields: AttachmentFields) => Promise<R>,
): Promise<R> {
  const { key, file, mimetype, defaultName, previousKey, what } = upload;
  await putMedia(key, file.content, mimetype, file.filename);
  let saved: R;
  try {
    saved = await save({
      mediaKey: key,
      mediaName: file.filename || defaultName,
      mediaMimetype: mimetype,
      mediaSize: file.content.length,
    });
  } catch (error) {
    await removeMediaQuietly(key, what);
    throw error;
  }
  await removeMediaQuietly(previousKey, what);
  return saved;
}

/** A record's attachment as answers carry it: a URL signed for a few minutes, or null without one. */
export async function attachmentUrl(record: {
  mediaKey?: string;
  mediaName?: string;
  mediaMimetype?: string;
}): Promise<string | null> {
  return record.mediaKey ? signedMediaUrl(record.mediaKey, record.mediaName, record.mediaMimetype) : null;
}
