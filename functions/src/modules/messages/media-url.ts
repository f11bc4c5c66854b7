import { messageUploadMaxBytes } from '@atende/shared/constants';
import { decideMediaType } from '@atende/shared/media-type';
import { AppError } from '#domain/app-error';
import { botMediaFileName } from '#domain/bot-media';
import { OutboundError, safeFetchBytes } from '../../http-out/safe-fetch.ts';

/** A file the server fetched, in the shape of an upload. */
export interface FetchedMedia {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/**
 * `mediaUrl` of POST /messages/{ticketId} (core §7): the file is fetched through the outbound
 * guard (http-out/safe-fetch.ts: https and public addresses only, no redirects, a deadline), at
 * most the upload cap, and typed from its bytes against the media allow-list like an agent's
 * upload; the server's Content-Type only counts for plain text and CSV, the URL's extension not at
 * all. Refused or failed fetch, or an answer other than 2xx: ERR_MEDIA_URL_REFUSED; bigger than
 * the cap: ERR_MEDIA_URL_TOO_LARGE; bytes off the allow-list: ERR_MEDIA_URL_UNKNOWN_TYPE.
 * Nothing about the URL is logged or answered (it may carry a token).
 */
export async function fetchMediaUrl(url: string): Promise<FetchedMedia> {
  let answer: Awaited<ReturnType<typeof safeFetchBytes>>;
  try {
    answer = await safeFetchBytes(url, { maxBytes: messageUploadMaxBytes, timeoutMs: 15_000 });
  } catch (error) {
    if (error instanceof OutboundError) {
      throw new AppError(error.reason === 'too-large' ? 'ERR_MEDIA_URL_TOO_LARGE' : 'ERR_MEDIA_URL_REFUSED');
    }
    throw error;
  }
  if (answer.status < 200 || answer.status >= 300) throw new AppError('ERR_MEDIA_URL_REFUSED');
  const content = answer.body;
  if (content.byteLength === 0) throw new AppError('ERR_MEDIA_URL_UNKNOWN_TYPE');
  const claimed = answer.headers['content-type'] ?? '';
  const decision = await decideMediaType(new Uint8Array(content), claimed);
  if (!decision.allowed) throw new AppError('ERR_MEDIA_URL_UNKNOWN_TYPE');
  return {
    filename: botMediaFileName(url, decision.family, decision.mimetype),
    mimetype: decision.mimetype,
    content,
  };
}
