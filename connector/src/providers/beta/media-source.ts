/**
 * Where Baileys would fetch an inbound message's media from, and whether that is WhatsApp.
 *
 * The URL comes from the sender's message: Baileys downloads from `url`, or from `directPath`
 * on the host named by `url` (or mmg.whatsapp.net), or from `thumbnailDirectPath`. A crafted
 * message could name any host (an internal address, the instance metadata service) or smuggle
 * one through the path (`.evil.example/x` after the host). So every URL any of those fields can
 * lead to must be https on a WhatsApp media host (mmg.whatsapp.net, mmg-fna.whatsapp.net,
 * media-<pop>.cdn.whatsapp.net: all under whatsapp.net), or nothing is fetched.
 */
import { extractMessageContent, getContentType, type WAMessage } from '@whiskeysockets/baileys';

/** Baileys' DEF_MEDIA_HOST: the host a bare directPath is fetched from. */
const defaultMediaHost = 'mmg.whatsapp.net';

/** A subdomain of whatsapp.net, as the URL parser gives it (lower case, no trailing dot). */
const whatsappMediaHost = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+whatsapp\.net$/;

/** https on a WhatsApp media host, default port, no credentials. */
export function isAllowedMediaUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    whatsappMediaHost.test(url.hostname)
  );
}

function hostOf(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  try {
    return new URL(text).host || undefined;
  } catch {
    return undefined;
  }
}

interface MediaFields {
  url?: string | null;
  directPath?: string | null;
  thumbnailDirectPath?: string | null;
}

/** Every URL Baileys may fetch for this message's media, whichever field its version prefers. */
export function mediaSourcesOf(message: WAMessage): string[] {
  const content = extractMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  const media = (type ? content?.[type] : undefined) as MediaFields | null | undefined;
  if (!media || typeof media !== 'object') return [];
  const hosts = [defaultMediaHost, hostOf(media.url)].filter((host): host is string => Boolean(host));
  const sources = media.url ? [media.url] : [];
  for (const path of [media.directPath, media.thumbnailDirectPath]) {
    if (path) for (const host of hosts) sources.push(`https://${host}${path}`);
  }
  return sources;
}

/** Why a message's media may not be fetched (what may be logged: the host, never the path or its tokens). */
export interface RefusedMediaSource {
  reason: 'no media URL' | 'not a WhatsApp media URL';
  host?: string;
}

/** null when every source is a WhatsApp media URL; else why not. */
export function refusedMediaSource(message: WAMessage): RefusedMediaSource | null {
  const sources = mediaSourcesOf(message);
  if (sources.length === 0) return { reason: 'no media URL' };
  const bad = sources.find((source) => !isAllowedMediaUrl(source));
  if (bad === undefined) return null;
  return { reason: 'not a WhatsApp media URL', host: (hostOf(bad) ?? 'unparseable').slice(0, 100) };
}

/** Thrown when a re-uploaded message (WhatsApp's answer to a retry) names a URL that is not allowed. */
export class MediaSourceRefusedError extends Error {
  constructor(readonly refused: RefusedMediaSource) {
    super(`inbound media refused: ${refused.reason}`);
    this.name = 'MediaSourceRefusedError';
  }
}

/**
 * Baileys' reuploadRequest with the check: when a download fails, WhatsApp is asked to upload the
 * media again and the answer names a new URL, which must pass like the first one.
 */
export function checkedReupload(
  reupload: (message: WAMessage) => Promise<WAMessage>,
): (message: WAMessage) => Promise<WAMessage> {
  return async (message) => {
    const updated = await reupload(message);
    const refused = refusedMediaSource(updated);
    if (refused) throw new MediaSourceRefusedError(refused);
    return updated;
  };
}
