import { sessionStore } from '../../lib/storage.ts';
import { toastError } from '../../lib/toast-error.ts';

/** Media is fetched as binary data from the message's URL with the bearer token (core §7). */
export async function downloadMedia(url: string, name: string): Promise<void> {
  try {
    const token = sessionStore.getToken();
    const response = await fetch(url, {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch (error) {
    toastError(error);
  }
}
