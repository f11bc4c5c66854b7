/**
 * Inbound media into the bucket: the type comes from the bytes against the allow-list (the
 * sender's claim only counts for plain text), stored with the disposition it is served with, so
 * nothing a customer sends (an SVG, an HTML page named photo.jpg) ever renders inline in the
 * agent's browser. Unlike an agent's upload, an unknown type is never refused: the customer's
 * message must arrive, as opaque bytes behind a file card (docs/security.md, "Media").
 */
import { contentDisposition, decideMediaType, servedType } from '@atende/shared/media-type';
import type { MediaPort } from '../ports.ts';

export async function storeInboundMedia(
  media: MediaPort,
  key: string,
  bytes: Uint8Array,
  claimed: { mimetype: string; fileName?: string | null },
): Promise<{ mimetype: string }> {
  const { mimetype } = await decideMediaType(bytes, claimed.mimetype);
  await media.put(key, bytes, servedType(mimetype), contentDisposition(mimetype, claimed.fileName));
  return { mimetype };
}
