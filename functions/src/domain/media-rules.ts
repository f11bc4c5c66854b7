import { messageUploadMaxBytes } from '@atende/shared/constants';
import { AppError } from './app-error.ts';

/**
 * What an agent may attach: API Gateway carries at most 10 MB base64-encoded, so a file of up
 * to 7 MB; images, audio, video and documents only.
 */
export const maxUploadBytes = messageUploadMaxBytes;

export type StoredMediaType = 'image' | 'audio' | 'video' | 'application';

export function mediaTypeOfUpload(mimetype: string, sizeBytes: number): StoredMediaType {
  if (sizeBytes > maxUploadBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const [family] = mimetype.toLowerCase().split('/');
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  if (family === 'application' || family === 'text') return 'application';
  throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
}

/** Where a message's media lives in the bucket (the connector uses the same scheme for inbound). */
export function mediaKeyOf(companyId: number, whatsappId: number, messageId: string): string {
  return `c${companyId}/w${whatsappId}/${messageId}`;
}
