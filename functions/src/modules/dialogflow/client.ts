import { createHash, createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { ServiceAccount } from './service-account.ts';

/**
 * Dialogflow ES (API v2) over its documented REST interface, with `fetch` (docs/decisions.md,
 * "Lambda bundles: Dialogflow over REST"). The official @google-cloud/dialogflow client (google-gax,
 * gRPC, protobufjs, google-auth-library: 1.9 MB of the bot-turn and queue-integrations bundles)
 * did exactly this with its REST transport: one POST per turn, authenticated by a self-signed
 * service-account JWT (Google's "service account authorization without OAuth": RS256, `kid` =
 * private_key_id, `iss` = `sub` = client_email, the Dialogflow scopes), no token exchange.
 *
 * Locally and in tests DIALOGFLOW_API_ENDPOINT (e.g. `http://127.0.0.1:4010`) points it at a
 * stand-in; Google's endpoint otherwise.
 */

const googleEndpoint = 'https://dialogflow.googleapis.com';
const scopes = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
/** Google accepts self-signed tokens of at most one hour. */
const tokenLifetimeSeconds = 3600;
/** A cached token is replaced this long before it expires, so a call never carries a stale one. */
const tokenRenewSeconds = 300;
const maxCachedTokens = 8;

/** Signed tokens per service account (and key), kept while the container is warm. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** The API's base URL: DIALOGFLOW_API_ENDPOINT when set (a URL with scheme, host and port). */
export function dialogflowBaseUrl(value = process.env.DIALOGFLOW_API_ENDPOINT): string {
  if (!value) return googleEndpoint;
  const url = new URL(value);
  return `${url.protocol}//${url.host}`;
}

/** The bearer token of a service account: a self-signed JWT, reused until shortly before it expires. */
export async function accessTokenFor(account: ServiceAccount, now = Date.now()): Promise<string> {
  const key = createHash('sha256')
    .update(`${account.client_email}\n${account.private_key_id ?? ''}\n${account.private_key}`)
    .digest('hex');
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - tokenRenewSeconds * 1000 > now) return cached.token;
  const issuedAt = Math.floor(now / 1000);
  const token = await new SignJWT({ scope: scopes })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.private_key_id ? { kid: account.private_key_id } : {}),
    })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + tokenLifetimeSeconds)
    .sign(createPrivateKey(account.private_key));
  tokens.delete(key);
  tokens.set(key, { token, expiresAt: (issuedAt + tokenLifetimeSeconds) * 1000 });
  if (tokens.size > maxCachedTokens) tokens.delete(tokens.keys().next().value!);
  return token;
}

/** `projects/{project}/agent/sessions/{session}`, each part encoded as one path segment. */
export function sessionPath(projectName: string, sessionId: string): string {
  return `projects/${encodeURIComponent(projectName)}/agent/sessions/${encodeURIComponent(sessionId)}`;
}
