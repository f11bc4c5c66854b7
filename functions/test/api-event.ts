import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/** A REST proxy event (payload v1) as API Gateway sends it for /api/<path>. */
export function apiEvent(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {},
): APIGatewayProxyEvent {
  const headers: Record<string, string> = { ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers };
  return {
    resource: '/api/{proxy+}',
    path: `/api${path}`,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, [v]]))
      : null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    requestContext: {
      requestId: 'req-1',
      identity: { sourceIp: '127.0.0.1' },
    } as APIGatewayProxyEvent['requestContext'],
    body: options.body === undefined ? null : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    isBase64Encoded: false,
  };
}

export const lambdaContext = {
  awsRequestId: 'req-1',
  functionName: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;
