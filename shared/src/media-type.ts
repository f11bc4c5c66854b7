/**
 * What a stored medium is and how the browser may be handed it (docs/security.md, "Media").
 *
 * The type is decided from the file's first bytes (magic numbers, through `file-type`) against an
 * allow-list, never from what the sender or the browser claimed: a claimed `image/jpeg` holding
 * HTML, or an SVG, must never be served inline from a URL the agent's browser opens. Only plain
 * text and CSV, which have no magic number, are taken on the sender's word, and always served as
 * attachments. Used by the agent upload (functions) and by inbound media (connector); the web
 * never imports it.
 */
import { fileTypeFromBuffer } from 'file-type/core';

export type MediaFamily = 'image' | 'audio' | 'video' | 'application';

/** Types a browser may render inline from our bucket: no script, no markup. */
const inlineTypes: Record<string, MediaFamily> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'audio/ogg': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'audio/wav': 'audio',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'video/webm': 'video',
};

/** Documents recognised by their bytes, always served as attachments. */
const documentTypes = new Set([
  'application/pdf',
  'application/zip',
  'application/rtf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/gzip',
]);

/** Text formats without a magic number: accepted on the sender's word, always as attachments. */
const textTypes = new Set(['text/plain', 'text/csv']);

/** Whatever is not on a list above is stored and served as opaque bytes. */
export const opaqueType = 'application/octet-stream';

/** Names `file-type` gives that the allow-list spells differently. */
const aliases: Record<string, string> = {
  'audio/x-m4a': 'audio/mp4',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
  'video/matroska': 'video/webm',
};

/** `audio/ogg; codecs=opus` → `audio/ogg`, lower case, aliases resolved. */
export function baseMimetype(mimetype: string): string {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  return aliases[base] ?? base;
}

export interface MediaDecision {
  /** The type the object is stored and served with. */
  mimetype: string;
  /** How the message shows it: an image, audio or video player, or a file card. */
  family: MediaFamily;
  /** True when the type came from the allow-list (by bytes, or text by its claim). */
  allowed: boolean;
}

/** The family and inline-safety of a stored type; anything unknown is an opaque attachment. */
export function familyOf(mimetype: string): MediaFamily {
  return inlineTypes[baseMimetype(mimetype)] ?? 'application';
}

/** Only allow-listed images, audio and video are ever shown inline; SVG and HTML never are. */
export function isInlineType(mimetype: string): boolean {
  return baseMimetype(mimetype) in inlineTypes;
}

/** The type a stored medium is served with: an allow-listed one, or opaque bytes. */
export function servedType(mimetype: string): string {
  const base = baseMimetype(mimetype);
  if (base in inlineTypes || documentTypes.has(base)) return base;
  if (textTypes.has(base)) return `${base}; charset=utf-8`;
  return opaqueType;
}

/** `inline` or `attachment` with the file name (RFC 6266/5987), for object metadata and signed GETs. */
export function contentDisposition(
  mimetype: string,
  fileName?: string | null,
  forceDownload = false,
): string {
  const kind = isInlineType(mimetype) && !forceDownload ? 'inline' : 'attachment';
  if (!fileName) return kind;
  // The ASCII fallback drops quotes, backslashes and control characters; the UTF-8 form is exact.
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The type of `bytes` from their magic number, against the allow-list. `claimed` (the browser's
 * or the sender's type) only counts for text, which has none.
 */
export async function decideMediaType(
  bytes: Uint8Array,
  claimed: string | null | undefined,
): Promise<MediaDecision> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const mimetype = baseMimetype(detected.mime);
    const family = inlineTypes[mimetype];
    if (family) return { mimetype, family, allowed: true };
    if (documentTypes.has(mimetype)) return { mimetype, family: 'application', allowed: true };
    return { mimetype: opaqueType, family: 'application', allowed: false };
  }
  const claimedBase = claimed ? baseMimetype(claimed) : '';
  if (textTypes.has(claimedBase) && looksLikeText(bytes))
    return { mimetype: claimedBase, family: 'application', allowed: true };
  return { mimetype: opaqueType, family: 'application', allowed: false };
}

/** No NUL byte in the first 4 KiB: binary files claiming to be text are not text. */
function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 4096).includes(0);
}
