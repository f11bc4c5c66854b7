import { saveUrl } from '../../../../lib/download.ts';
import { toastError } from '../../../../lib/toast-error.ts';
import { getMediaUrl } from '../../api/get-media-url.ts';

/**
 * Saves a message's medium: a URL freshly signed as an attachment, opened plainly. The signed URL
 * is its own authorization, so no token or cookie goes with it (a second authorization is what
 * S3 refuses, and credentials are what the bucket's CORS does not allow); the attachment
 * disposition makes the browser save it and stay on the page.
 */
export async function downloadMedium(messageId: string, fileName: string): Promise<void> {
  try {
    const url = await getMediaUrl(messageId, { download: true });
    saveUrl(url, fileName);
  } catch (error) {
    toastError(error);
  }
}
