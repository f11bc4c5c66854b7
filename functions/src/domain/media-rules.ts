import { messageUploadMaxBytes } from '@atende/shared/constants';
import { decideMediaType, type MediaFamily } from '@atende/shared/media-type';
import { AppError } from './app-error.ts';

/**
 * What an agent may attach: API Gateway carries at most 10 MB base64-encoded, so a file of up
 * to 7 MB; images, audio, video and documents only.
 */
export const maxUploadBytes = messageUploadMaxBytes;

export type StoredMediaType = MediaFamily;

/**
 * An agent's upload: its type comes from its bytes against the allow-list (the browser's claim
 * only counts for plain text and CSV); anything else is refused rather than stored as opaque
 * bytes, which only media arriving from WhatsApp are (docs/security.md, "Media").
 */
export async function mediaOfUpload(
  bytes: Uint8Array,
  claimedMimetype: string,
): Promise<{ mediaType: StoredMediaType; mimetype: string }> {
  if (bytes.byteLength > maxUploadBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const decision = await decideMediaType(bytes, claimedMimetype);
  if (!decision.allowed) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
  return { mediaType: decision.family, mimetype: decision.mimetype };
}

/** Where a message's media lives in the bucket (the connector uses the same scheme for inbound). */
export function mediaKeyOf(companyId: number, whatsappId: number, messageId: string): string {
  return `c${companyId}/w${whatsappId}/${messageId}`;
}
