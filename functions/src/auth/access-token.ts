import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import { jwtSigningKey } from '#aws/secrets';
import { AppError } from '#domain/app-error';
import type { Principal } from './principal.ts';

const issuer = 'atende';
const audience = 'atende-api';
/** Short-lived: the refresh cookie renews it, and a revoked session stops working soon. */
export const accessTokenSeconds = 15 * 60;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  cid: z.number().int().positive(),
  prf: z.enum(['admin', 'user', 'supervisor']),
  sup: z.boolean(),
  sid: z.string().min(1),
});

let hmacKey: Promise<webcrypto.CryptoKey> | undefined;

/**
 * The signing secret as an HMAC key, imported once per container: jose imports a raw secret
 * (Uint8Array) again on every sign and verify, a WebCrypto call on every request.
 */
function accessTokenKey(): Promise<webcrypto.CryptoKey> {
  hmacKey ??= jwtSigningKey()
    .then((secret) => webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']))
    .catch((error: unknown) => {
      hmacKey = undefined;
      throw error;
    });
  return hmacKey;
}

export async function signAccessToken(principal: Principal, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ cid: principal.companyId, prf: principal.profile, sup: principal.isSuper, sid: principal.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(principal.userId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenSeconds)
    .sign(await accessTokenKey());
}

/**
 * Tokens this container has verified, by their exact text, until their `exp`: an agent sends the
 * same token on every request for 15 minutes, and each verify was a WebCrypto HMAC (a job on the
 * thread pool and a promise) on every request. Only a token whose every byte was checked before
 * is taken from here, so nothing can be forged through it; expiry is checked on every use; a
 * revoked session is the session check's business (assertSessionCurrent), as before.
 */
const verified = new Map<string, { principal: Principal; expiresAtMs: number }>();
/** Dropped together on overflow (a token is re-verified then): bounds memory. */
const maxVerified = 10_000;

/**
 * Verifies signature, issuer, audience and expiry. A bad or expired access token answers 403
 * ERR_SESSION_EXPIRED: the spec's client reacts to 403 by refreshing once and retrying, and to
 * 401 (which the refresh route gives when the session itself is over) by logging out.
 */
export async function verifyAccessToken(token: string, nowMs = Date.now()): Promise<Principal> {
  const known = verified.get(token);
  // jose refuses a token once `exp` is reached (no clock tolerance): the same bound here.
  if (known && nowMs < known.expiresAtMs) return { ...known.principal };
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, await accessTokenKey(), {
      issuer,
      audience,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const claims = claimsSchema.parse(payload);
    const principal: Principal = {
      userId: Number(claims.sub),
      companyId: claims.cid,
      profile: claims.prf,
      isSuper: claims.sup,
      sessionId: claims.sid,
    };
    if (typeof payload.exp === 'number') {
      if (verified.size >= maxVerified) verified.clear();
      verified.set(token, { principal, expiresAtMs: payload.exp * 1000 });
    }
    return { ...principal };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof z.ZodError) {
      throw new AppError('ERR_SESSION_EXPIRED', undefined, 403);
    }
    throw error;
  }
}
