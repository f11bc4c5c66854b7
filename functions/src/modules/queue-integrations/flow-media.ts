import { botMediaMaxBytes } from '#domain/bot-media';
import type { FlowReply } from '#domain/typebot-flow';
import { fetchTypedMedia } from '../../http-out/typed-media.ts';
import type { BotReply } from '../bot-turn/provider.ts';
import { logger } from '#observability/logger';

function log(message: string, fields: Record<string, unknown>): void {
  logger.warn(message, fields);
}

/**
 * A flow reply naming an image, video or audio by URL, as a media reply: the file is fetched
 * through the outbound guard (http-out/safe-fetch.ts: checked addresses, no redirects, a deadline,
 * at most botMediaMaxBytes) and its type is decided from its bytes against the media allow-list,
 * as for an agent's upload (docs/security.md, "Media"); the server's Content-Type and the URL's
 * extension are not trusted. A refused or failed fetch, a non-2xx answer, or bytes that are not
 * the bubble's kind leave the reply as the URL's text, as before. Logs name the reason, never the
 * URL (a flow's URL may carry a token).
 *
 * `anyKind` (n8n and webhook answers, which name a URL without a kind): a reply without a kind is
 * fetched too and sent as whatever its bytes are on the allow-list (an image, audio, video, or a
 * document, `application`, for the rest).
 */
export async function withFetchedMedia(
  reply: Pick<FlowReply, 'body' | 'mediaUrl' | 'mediaType'>,
  options: { anyKind?: boolean } = {},
): Promise<BotReply> {
  const kind = reply.mediaType;
  if (!reply.mediaUrl || (!kind && !options.anyKind)) return reply;
  const asText: BotReply = { body: reply.mediaUrl };
  try {
    const fetched = await fetchTypedMedia(reply.mediaUrl, {
      maxBytes: botMediaMaxBytes,
      accept: kind ? `${kind}/*` : '*/*',
    });
    if (!fetched.ok) {
      log('flow media could not be used; sent as its URL', {
        kind,
        reason: fetched.reason,
        detail: fetched.detail,
      });
      return asText;
    }
    if (kind && fetched.family !== kind) {
      log('flow media is not its kind; sent as its URL', { kind, found: fetched.mimetype });
      return asText;
    }
    const sentAs = kind ?? fetched.family;
    return {
      body: '',
      mediaType: sentAs,
      media: {
        data: fetched.bytes,
        mimetype: fetched.mimetype,
        fileName: fetched.fileName,
      },
    };
  } catch (error) {
    // A medium that cannot be had never fails the turn: the customer still gets its link.
    log('flow media could not be fetched; sent as its URL', { kind, reason: (error as Error).name });
    return asText;
  }
}
