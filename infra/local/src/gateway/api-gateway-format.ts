/** Small formats API Gateway uses in the events it sends, shared by the REST and WebSocket events. */
import { randomBytes, randomUUID } from 'node:crypto';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** requestContext.requestTime, e.g. `09/Apr/2015:12:34:56 +0000`. */
export function apiGatewayRequestTime(epochMs: number): string {
  const d = new Date(epochMs);
  return (
    `${two(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`
  );
}

/** A WebSocket connection id shaped like API Gateway's: 16 base64 characters ending in `=`. */
export function newConnectionId(): string {
  // 11 random bytes encode to 15 characters plus one `=`; + and / are swapped so the id is path-safe.
  return randomBytes(11).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'B');
}

/**
 * extendedRequestId / apigw id, e.g. `Kd8xHFfWIAMEb9A=`. Only unique, never a secret: 11 bytes
 * of a random UUID (Node keeps a buffer of them) rather than a random-bytes call per request.
 */
export function newExtendedRequestId(): string {
  return Buffer.from(randomUUID().replace(/-/g, '').slice(0, 22), 'hex')
    .toString('base64')
    .replace(/\+/g, 'C')
    .replace(/\//g, 'D');
}

/**
 * Node's rawHeaders (alternating names and values, names as the client spelled them) as API
 * Gateway's two header maps: `headers` keeps the last value of each name, `multiValueHeaders`
 * all of them.
 */
export function headerMaps(rawHeaders: string[]): {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
} {
  // Maps, then own properties: a name such as `constructor` or `__proto__` is a key like any other.
  const headers = new Map<string, string>();
  const multiValueHeaders = new Map<string, string[]>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    headers.set(name, value);
    appendTo(multiValueHeaders, name, value);
  }
  return { headers: Object.fromEntries(headers), multiValueHeaders: Object.fromEntries(multiValueHeaders) };
}

/**
 * A raw query string as API Gateway's two maps, values URL-decoded; both are null when the
 * request has no query string, as in AWS.
 */
export function queryMaps(rawQuery: string): {
  queryStringParameters: Record<string, string> | null;
  multiValueQueryStringParameters: Record<string, string[]> | null;
} {
  if (rawQuery === '') return { queryStringParameters: null, multiValueQueryStringParameters: null };
  // Maps, then own properties: `?constructor=1` or `?__proto__=1` is a parameter like any other.
  const single = new Map<string, string>();
  const multi = new Map<string, string[]>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = safeDecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : safeDecode(pair.slice(equals + 1));
    single.set(name, value);
    appendTo(multi, name, value);
  }
  if (single.size === 0) return { queryStringParameters: null, multiValueQueryStringParameters: null };
  return { queryStringParameters: Object.fromEntries(single), multiValueQueryStringParameters: Object.fromEntries(multi) };
}

function appendTo(lists: Map<string, string[]>, name: string, value: string): void {
  const list = lists.get(name);
  if (list) list.push(value);
  else lists.set(name, [value]);
}

export function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
