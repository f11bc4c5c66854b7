import { messageUploadMaxBytes } from '@atende/shared/constants';
import { AppError } from '#domain/app-error';
import { fetchTypedMedia } from '../../http-out/typed-media.ts';

/** A file the server fetched, in the shape of an upload. */
export interface FetchedMedia {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/**
 * `mediaUrl` of POST /messages/{ticketId} (core §7): fetched and typed by fetchTypedMedia (the
 * outbound guard, at most the upload cap, typed from its bytes like an agent's upload). Refused
 * or failed fetch, or an answer other than 2xx: ERR_MEDIA_URL_REFUSED; bigger than the cap:
 * ERR_MEDIA_URL_TOO_LARGE; bytes off the allow-list: ERR_MEDIA_URL_UNKNOWN_TYPE. Nothing about the
 * URL is logged or answered (it may carry a token).
 */
export async function fetchMediaUrl(url: string): Promise<FetchedMedia> {
  const fetched = await fetchTypedMedia(url, { maxBytes: messageUploadMaxBytes, timeoutMs: 15_000 });
  if (!fetched.ok) {
    if (fetched.reason === 'too-large') throw new AppError('ERR_MEDIA_URL_TOO_LARGE');
    throw new AppError(fetched.reason === 'type' ? 'ERR_MEDIA_URL_UNKNOWN_TYPE' : 'ERR_MEDIA_URL_REFUSED');
  }
  return {
    filename: fetched.fileName,
    mimetype: fetched.mimetype,
    content: Buffer.from(fetched.bytes.buffer, fetched.bytes.byteOffset, fetched.bytes.byteLength),
  };
}
