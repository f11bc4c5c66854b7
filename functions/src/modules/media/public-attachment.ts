/**
 * A record's attachment as the API and the live channel show it (announcements, quick messages):
 * `mediaPath` is the short-lived signed URL where the caller had one made, null otherwise, and
 * `isMedia` says there is a file.
 */
export function publicAttachment(
  record: { mediaKey?: string; mediaName?: string; mediaMimetype?: string },
  mediaUrl: string | null,
) {
  return {
    isMedia: Boolean(record.mediaKey),
    mediaPath: record.mediaKey ? mediaUrl : null,
    mediaName: record.mediaName ?? null,
    mediaType: record.mediaMimetype ?? null,
  };
}
