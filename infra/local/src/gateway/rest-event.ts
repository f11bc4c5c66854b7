/**
 * The API Gateway REST API Lambda proxy event (payload format 1.0) for one HTTP request, built
 * the way API Gateway builds it for the resources the stack defines: `/api/{prefix}` and
 * `/api/{prefix}/{proxy+}`, method ANY, with multipart/form-data as a binary media type.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  apiGatewayRequestTime,
  headerMaps,
  newExtendedRequestId,
  queryMaps,
  safeDecode,
} from './api-gateway-format.ts';

export interface RestRequest {
  method: string;
  /** Path and query exactly as received, e.g. `/api/tickets/12?x=1`. */
  url: string;
  /** Node's IncomingMessage.rawHeaders. */
  rawHeaders: string[];
  body: Buffer | undefined;
  contentType: string | undefined;
  sourceIp: string;
  userAgent: string | undefined;
  host: string | undefined;
  requestId: string;
  receivedAtMs: number;
}

export interface RestApiSettings {
  stage: string;
  apiId: string;
  accountId: string;
  /** Content types whose bodies reach the handler base64-encoded, e.g. `multipart/form-data`, `image/*`. */
  binaryMediaTypes: string[];
}

/** The first path segment after /api, which picks the module; undefined for /api itself. */
export function apiPrefixOf(path: string): string | undefined {
  if (!path.startsWith('/api/')) return undefined;
  const end = path.indexOf('/', 5);
  const segment = end === -1 ? path.slice(5) : path.slice(5, end);
  return segment === '' ? undefined : safeDecode(segment);
}

export function isBinaryMediaType(contentType: string | undefined, binaryMediaTypes: string[]): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return binaryMediaTypes.some((pattern) => {
    if (pattern === '*/*') return true;
    if (pattern.endsWith('/*')) return mediaType.startsWith(pattern.slice(0, -1));
    return mediaType === pattern;
  });
}

export function buildRestProxyEvent(request: RestRequest, settings: RestApiSettings): APIGatewayProxyEvent {
  const queryStart = request.url.indexOf('?');
  // REST APIs hand the path over still percent-encoded and the path parameters decoded.
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const prefix = apiPrefixOf(path) ?? '';
  const prefixEnd = path.indexOf('/', 5);
  const rest = prefixEnd === -1 ? '' : path.slice(prefixEnd + 1);
  const isProxyResource = rest !== '';
  const resource = isProxyResource ? `/api/${prefix}/{proxy+}` : `/api/${prefix}`;
  const { headers, multiValueHeaders } = headerMaps(request.rawHeaders);
  const { queryStringParameters, multiValueQueryStringParameters } = queryMaps(rawQuery);
  const binary = isBinaryMediaType(request.contentType, settings.binaryMediaTypes);
  const body =
    request.body === undefined || request.body.length === 0
      ? null
      : binary
        ? request.body.toString('base64')
        : request.body.toString('utf8');
  return {
    resource,
    path,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    pathParameters: isProxyResource ? { proxy: safeDecode(rest) } : null,
    stageVariables: null,
    requestContext: {
      resourceId: 'local',
      resourcePath: resource,
      httpMethod: request.method,
      extendedRequestId: newExtendedRequestId(),
      requestTime: apiGatewayRequestTime(request.receivedAtMs),
      path: `/${settings.stage}${path}`,
      accountId: settings.accountId,
      protocol: 'HTTP/1.1',
      stage: settings.stage,
      domainPrefix: (request.host ?? 'localhost').split('.')[0]!,
      requestTimeEpoch: request.receivedAtMs,
      requestId: request.requestId,
      identity: {
        cognitoIdentityPoolId: null,
        accountId: null,
        cognitoIdentityId: null,
        caller: null,
        sourceIp: request.sourceIp,
        principalOrgId: null,
        accessKey: null,
        cognitoAuthenticationType: null,
        cognitoAuthenticationProvider: null,
        userArn: null,
        userAgent: request.userAgent ?? null,
        user: null,
        apiKey: null,
        apiKeyId: null,
        clientCert: null,
      },
      domainName: request.host ?? 'localhost',
      apiId: settings.apiId,
      authorizer: undefined,
    },
    body,
    isBase64Encoded: binary && body !== null,
  };
}
