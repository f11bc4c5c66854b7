import type { IncomingMessage } from 'node:http';

/** API Gateway's payload limit. */
export const maxBodyBytes = 10 * 1024 * 1024;

export class PayloadTooLargeError extends Error {}

/**
 * The whole request body, or PayloadTooLargeError past the limit (checked against
 * Content-Length first, so an oversized upload is refused without being read).
 */
export function readRequestBody(request: IncomingMessage, limit = maxBodyBytes): Promise<Buffer | undefined> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    request.resume();
    return Promise.reject(new PayloadTooLargeError());
  }
  if (declared === '0' || (declared === undefined && request.headers['transfer-encoding'] === undefined)) {
    request.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        reject(new PayloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolveBody(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
