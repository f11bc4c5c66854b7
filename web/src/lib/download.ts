/**
 * Saving a file the API answered (an export) as a download: the bearer token means a plain link
 * cannot fetch it, so the SPA fetches the Blob and hands it to the browser under a name. A signed
 * URL needs no token: it is handed over as it is (saveUrl).
 */

/** The name the file is saved under: the server's when it gives a usable one, else the fallback. */
export function downloadName(serverName: string | undefined, fallback: string): string {
  const name = serverName?.trim();
  return name && !/^\.+$/.test(name) ? name : fallback;
}

/**
 * Starts the browser's download of what `url` points at as `filename`, through a temporary link
 * (a blob URL, or a URL signed to be saved as an attachment).
 */
export function saveUrl(url: string, filename: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
}

/** Starts the browser's download of `blob` as `filename`. */
export function saveBlob(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, filename, doc);
  // The click has handed the URL to the download; free it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
