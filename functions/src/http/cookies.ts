import type { CookieToSet } from './types.ts';

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * httpOnly, Secure and SameSite=Strict: the refresh cookie never reaches scripts or other
 * sites. Browsers accept Secure cookies from http://localhost, so the local runtime needs no
 * exception.
 */
export function serializeCookie(cookie: CookieToSet): string {
  return [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    `Path=${cookie.path ?? '/api/auth'}`,
    `Max-Age=${Math.max(0, Math.floor(cookie.maxAgeSeconds))}`,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
  ].join('; ');
}
