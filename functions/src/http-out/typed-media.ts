import { decideMediaType, type MediaFamily } from '@atende/shared/media-type';
import { botMediaFileName } from '#domain/bot-media';
import { OutboundError, safeFetchBytes } from './safe-fetch.ts';

/** A file fetched by URL and typed from its bytes, or why it cannot be used. */
export type TypedMediaFetch =
  | { ok: true; bytes: Uint8Array; mimetype: string; family: MediaFamily; fileName: string }
  | {
      ok: false;
      /** refused: the guard or the network said no; too-large: past `maxBytes`; status: a non-2xx answer; type: bytes off the allow-list. */
      reason: 'refused' | 'too-large' | 'status' | 'type';
      /** The guard's reason, the HTTP status or the type found: safe to log (never the URL). */
      detail: string;
    };

/**
 * Fetches a file a company or a caller names by URL through the outbound guard (safeFetchBytes:
 * checked addresses, no redirects, a deadline, at most `maxBytes`) and types it from its bytes
 * against the media allow-list, as an agent's upload is (the server's Content-Type only counts
 * for plain text and CSV; the URL's extension never). Used by `mediaUrl` on POST /messages and by
 * the flows' media replies; each decides what a failure means to its caller.
 */
export async function fetchTypedMedia(
  url: string,
  request: { maxBytes: number; accept?: string; timeoutMs?: number },
): Promise<TypedMediaFetch> {
  let answer: Awaited<ReturnType<typeof safeFetchBytes>>;
  try {
    answer = await safeFetchBytes(url, request);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return {
      ok: false,
      reason: error.reason === 'too-large' ? 'too-large' : 'refused',
      detail: error.reason,
    };
  }
  if (answer.status < 200 || answer.status >= 300)
    return { ok: false, reason: 'status', detail: String(answer.status) };
  const bytes = new Uint8Array(answer.body);
  if (bytes.byteLength === 0) return { ok: false, reason: 'type', detail: 'empty' };
  const decision = await decideMediaType(bytes, answer.headers['content-type'] ?? '');
  if (!decision.allowed) return { ok: false, reason: 'type', detail: decision.mimetype };
  return {
    ok: true,
    bytes,
    mimetype: decision.mimetype,
    family: decision.family,
    fileName: botMediaFileName(url, decision.family, decision.mimetype),
  };
}
