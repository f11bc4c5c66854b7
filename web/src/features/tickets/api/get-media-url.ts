import { api } from '../../../lib/api-client.ts';

/**
 * GET /messages/media/{messageId}: a fresh signed URL for a message's medium (the one in the
 * message list expires after 15 minutes; live events carry none). `download` signs it as an
 * attachment, so even an image is saved rather than shown.
 */
export function getMediaUrl(messageId: string, options: { download?: boolean } = {}): Promise<string> {
  return api
    .get<{ url: string }>(
      `/messages/media/${encodeURIComponent(messageId)}`,
      options.download ? { download: '1' } : undefined,
    )
    .then((answer) => answer.url);
}
