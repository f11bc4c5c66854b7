import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The query string as one object: a key given once is a string, a key repeated (or written
 * `key[]`) is an array, so schemas can accept both `?queueIds=1&queueIds=2` and `?queueIds=[1,2]`.
 */
export function queryObject(event: APIGatewayProxyEvent): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const multi = event.multiValueQueryStringParameters ?? {};
  const single = event.queryStringParameters ?? {};
  for (const rawKey of new Set([...Object.keys(multi), ...Object.keys(single)])) {
    const isArrayKey = rawKey.endsWith('[]');
    const key = isArrayKey ? rawKey.slice(0, -2) : rawKey;
    const values = multi[rawKey] ?? (single[rawKey] !== undefined ? [single[rawKey] as string] : []);
    const previous = query[key];
    const merged = [...(previous === undefined ? [] : Array.isArray(previous) ? previous : [previous]), ...values];
    query[key] = isArrayKey || merged.length > 1 ? merged : (merged[0] ?? '');
  }
  return query;
}

/** Strips the /api base that both homes put in front of every REST path. */
export function pathWithoutBase(path: string): string {
  const stripped = path.replace(/^\/api(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const header = headers['authorization'];
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}
