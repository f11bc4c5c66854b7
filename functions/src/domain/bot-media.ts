/**
 * Media a bot flow names by URL (a Typebot image, video or audio bubble), the pure part: how big a
 * file is fetched and what it is called once it is sent as a real WhatsApp media message
 * (docs/decisions.md, "Queue integrations").
 */

/** WhatsApp's own cap for video and audio (images are smaller); a bigger file is sent as its URL. */
export const botMediaMaxBytes = 16 * 1024 * 1024;

/** A message's media kind; `application` is a document (a file card), as messages store it. */
export type BotMediaKind = 'image' | 'audio' | 'video' | 'application';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/csv': 'csv',
};

/**
 * The file name of a fetched medium: the URL path's last segment (decoded, without control
 * characters or separators, at most 100 characters); with the type's extension when it has none;
 * `<kind>.<ext>` when the path names no file.
 */
export function botMediaFileName(rawUrl: string, kind: BotMediaKind | 'application', mimetype: string): string {
  const extension = extensions[mimetype] ?? 'bin';
  let segment = '';
  try {
    const last = new URL(rawUrl).pathname.split('/').pop() ?? '';
    segment = decodeURIComponent(last);
  } catch {
    segment = '';
  }
  // Control characters and path separators a decoded segment could hold are dropped.
  const unsafe = new Set(['/', '\\']);
  const clean = [...segment]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f && !unsafe.has(char))
    .join('')
    .trim()
    .slice(0, 100);
  if (!clean || clean.startsWith('.')) return `${kind}.${extension}`;
  return /\.[a-z0-9]{1,5}$/i.test(clean) ? clean : `${clean}.${extension}`;
}
