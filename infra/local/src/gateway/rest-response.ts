/**
 * A Lambda proxy result turned into the HTTP response API Gateway would send: statusCode,
 * headers merged with multiValueHeaders (which win for a name present in both, so several
 * Set-Cookie survive), body base64-decoded when isBase64Encoded, JSON as the default type.
 */

export interface HttpReply {
  statusCode: number;
  /** Flat [name, value, name, value, ...], the shape ServerResponse.writeHead accepts. */
  headers: string[];
  body: Buffer;
}

/** API Gateway computes these itself. */
const managedHeaders = new Set(['content-length', 'transfer-encoding', 'connection']);

const internalServerError = Buffer.from('{"message": "Internal server error"}');

export function jsonReply(
  statusCode: number,
  body: unknown,
  requestId: string,
  extraHeaders: string[] = [],
): HttpReply {
  return {
    statusCode,
    headers: ['Content-Type', 'application/json', 'x-amzn-RequestId', requestId, ...extraHeaders],
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** What API Gateway answers when the function throws, times out or returns a malformed result. */
export function internalServerErrorReply(requestId: string): HttpReply {
  return {
    statusCode: 502,
    headers: [
      'Content-Type',
      'application/json',
      'x-amzn-RequestId',
      requestId,
      'x-amzn-ErrorType',
      'InternalServerErrorException',
    ],
    body: internalServerError,
  };
}

/** Undefined when the result is not a valid proxy response (API Gateway then answers 502). */
export function replyFromProxyResult(result: unknown, requestId: string): HttpReply | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { statusCode, headers, multiValueHeaders, body, isBase64Encoded } = result as Record<string, unknown>;
  const status = typeof statusCode === 'string' ? Number(statusCode) : statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
    return undefined;
  if (body !== undefined && body !== null && typeof body !== 'string') return undefined;
  if (!isRecordOrAbsent(headers) || !isRecordOrAbsent(multiValueHeaders)) return undefined;

  const flat: string[] = [];
  const multiNames = new Set<string>();
  for (const [name, values] of Object.entries(multiValueHeaders ?? {})) {
    if (managedHeaders.has(name.toLowerCase())) continue;
    multiNames.add(name.toLowerCase());
    for (const value of Array.isArray(values) ? values : [values]) flat.push(name, String(value));
  }
  let hasContentType = multiNames.has('content-type');
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (managedHeaders.has(lower) || multiNames.has(lower) || value === undefined || value === null) continue;
    if (lower === 'content-type') hasContentType = true;
    flat.push(name, String(value));
  }
  if (!hasContentType) flat.push('Content-Type', 'application/json');
  flat.push('x-amzn-RequestId', requestId);

  const text = typeof body === 'string' ? body : '';
  return {
    statusCode: status,
    headers: flat,
    body: isBase64Encoded === true ? Buffer.from(text, 'base64') : Buffer.from(text),
  };
}

function isRecordOrAbsent(value: unknown): value is Record<string, unknown> | undefined | null {
  return value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value));
}
