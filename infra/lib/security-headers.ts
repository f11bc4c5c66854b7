/**
 * The browser-facing security headers, one definition for CloudFront's response headers policy
 * (web-distribution.ts) and the local gateway (infra/local/src/gateway), so what the browser
 * tests exercise is what AWS serves. Pure: no CDK import, the local runtime loads it too.
 */

/** Where the SPA's media comes from besides itself: the media bucket's origin (presigned URLs). */
export interface ContentSecurityPolicyOptions {
  /** e.g. `https://<bucket>.s3.<region>.amazonaws.com`, or s3rver's `http://127.0.0.1:<port>` locally. */
  mediaOrigins: readonly string[];
}

/**
 * What the SPA really loads:
 * - scripts only from itself (the Vite build has no inline script);
 * - styles from itself plus inline ones: Amplify UI's ThemeProvider writes its theme variables
 *   into a `<style>` element at run time;
 * - images: itself, `data:` (inline icons), `blob:` (previews of files picked for upload),
 *   the media bucket, WhatsApp profile pictures (`*.whatsapp.net`) and the help videos'
 *   thumbnails (`img.youtube.com`);
 * - audio/video: itself, the media bucket, `blob:`/`data:` (voice recordings before upload);
 * - fetch/XHR/WebSocket: itself (`'self'` covers the same-origin `wss:`/`ws:` in CSP 3), and the
 *   media bucket (downloads are fetched, then saved from a blob);
 * - frames: only the help videos' YouTube embeds; nobody may frame the SPA (`frame-ancestors`).
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const media = options.mediaOrigins.join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob: ${media} https://*.whatsapp.net https://img.youtube.com`],
    ['media-src', `'self' data: blob: ${media}`],
    ['connect-src', `'self' ${media}`],
    ['font-src', "'self' data:"],
    ['frame-src', 'https://www.youtube.com https://www.youtube-nocookie.com'],
    ['worker-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value.replace(/\s+/g, ' ').trim()}`).join('; ');
}

/** Powerful features the SPA does not use are switched off; the microphone records voice notes. */
export const permissionsPolicy =
  'camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), microphone=(self)';

export const referrerPolicy = 'strict-origin-when-cross-origin';

/**
 * The headers the local gateway adds to its answers. No Strict-Transport-Security: the local
 * gateway speaks plain HTTP (CloudFront sends it in AWS).
 */
export function localSecurityHeaders(options: ContentSecurityPolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': referrerPolicy,
    'Permissions-Policy': permissionsPolicy,
  };
}
