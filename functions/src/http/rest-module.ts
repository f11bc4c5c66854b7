import middy from '@middy/core';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpRouterHandler, { type Route } from '@middy/http-router';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { verifyAccessToken } from '#auth/access-token';
import { isAdmin, type Principal } from '#auth/principal';
import { assertSessionCurrent } from '#auth/session-check';
import { AppError } from '#domain/app-error';
import { chargeCompanyRequest } from './company-budget-check.ts';
import { assertCompanyMayUse } from './company-context.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { errorResponse } from './error-response.ts';
import { bearerToken, pathWithoutBase, queryObject } from './request-input.ts';
import { recordRoutes } from './route-list.ts';
import type { Access, RouteDefinition } from './route.ts';
import { HttpAnswer, type ApiRequest } from './types.ts';
import { observedRequest } from './request-observation.ts';
import { appendCorrelation } from '#observability/correlation';
import { handlerTracing } from '#observability/tracer';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const jsonContentType = /^application\/(.+\+)?json($|;)/i;
const multipartContentType = /^multipart\/form-data($|;)/i;

/**
 * The largest body a route reads unless it says otherwise (RouteDefinition.maxBodyBytes): every
 * JSON input is bounded (limits in shared/src/constants.ts) and fits well within it
 * (functions/test/input-bounds-guard.test.ts checks each route's worst case against its cap).
 */
export const defaultMaxBodyBytes = 256 * 1024;
/** Multipart uploads: one file up to 10 MB (the edge's own cap on a whole request). */
export const uploadFileMaxBytes = 10 * 1024 * 1024;

/**
 * The one middy stack of every REST module: path and header normalisation, JSON and multipart
 * bodies, then the in-module router. Each route validates its own params, query and body with
 * zod and checks access before its handler runs; every error is answered in the spec's shape.
 */
export function restModule(routes: RouteDefinition[]): Handler {
  const router = httpRouterHandler<APIGatewayProxyEvent, APIGatewayProxyResult>({
    routes: routes.map(toMiddyRoute),
    notFoundResponse: ({ method, path }) => {
      const pathExists = routes.some((r) => r.method !== method && pathMatches(r.path, path));
      throw new AppError(pathExists ? 'ERR_METHOD_NOT_ALLOWED' : 'ERR_ROUTE_NOT_FOUND');
    },
  });
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>();
  // X-Ray subsegment of the handler when tracing is on (responses hold customer data, so never in a trace).
  const tracing = handlerTracing<middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult>>();
  if (tracing) handler.use(tracing);
  handler
    .use({
      onError: (request) => {
        request.response = errorResponse(request.error, request.context.awsRequestId);
      },
    })
    .use({
      before: (request) => {
        request.event.path = pathWithoutBase(request.event.path);
      },
    })
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer())
    .use({ before: (request) => refuseOversizedBody(request.event, routes) })
    .use({ before: (request) => parseJsonBody(request.event) });
  // Only modules with upload routes have the multipart parser, and it runs only for a multipart
  // body sent to one of those routes (not on every GET, nor on JSON routes sent a form).
  const uploadRoutes = routes.filter((r) => r.multipart);
  if (uploadRoutes.length > 0) {
    const multipart = httpMultipartBodyParser({
      disableContentTypeError: true,
      busboy: { limits: { fileSize: uploadFileMaxBytes } },
    });
    handler.use({
      before: (request) =>
        takesMultipart(request.event, uploadRoutes) ? multipart.before!(request) : undefined,
    });
  }
  handler.handler(router);
  // Correlation scope, request log line and 4xx/5xx metrics around the whole stack (request-observation.ts).
  const observed = observedRequest(handler as unknown as Handler);
  recordRoutes(observed, routes);
  return observed;
}

/**
 * 413 for a body larger than its route allows, before anything parses it. Multipart bodies are
 * left to the multipart parser's file cap; a path no route answers keeps the default cap (the
 * router then answers 404/405).
 */
function takesMultipart(event: APIGatewayProxyEvent, uploadRoutes: readonly RouteDefinition[]): boolean {
  return (
    multipartContentType.test(event.headers['content-type'] ?? '') &&
    uploadRoutes.some((r) => r.method === event.httpMethod && pathMatches(r.path, event.path))
  );
}

function refuseOversizedBody(event: APIGatewayProxyEvent, routes: readonly RouteDefinition[]): void {
  if (typeof event.body !== 'string' || event.body === '') return;
  if (
    takesMultipart(
      event,
      routes.filter((r) => r.multipart),
    )
  )
    return;
  const bytes = event.isBase64Encoded
    ? Math.floor((event.body.length * 3) / 4)
    : Buffer.byteLength(event.body, 'utf8');
  // The usual case costs no route matching: within the default, and no route asks for less.
  if (
    bytes <= defaultMaxBodyBytes &&
    routes.every((r) => (r.maxBodyBytes ?? Infinity) >= defaultMaxBodyBytes)
  )
    return;
  // /messages/send and /messages/{ticketId} both match a POST to /messages/send: the larger cap.
  const caps = routes
    .filter((r) => r.method === event.httpMethod && pathMatches(r.path, event.path))
    .map((r) => r.maxBodyBytes ?? defaultMaxBodyBytes);
  if (bytes > (caps.length ? Math.max(...caps) : defaultMaxBodyBytes))
    throw new AppError('ERR_PAYLOAD_TOO_LARGE');
}

function parseJsonBody(event: APIGatewayProxyEvent): void {
  const contentType = event.headers['content-type'] ?? '';
  if (!jsonContentType.test(contentType)) return;
  const text =
    event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (text === null || text === undefined || text.trim() === '') {
    (event as { body: unknown }).body = undefined;
    return;
  }
  try {
    (event as { body: unknown }).body = JSON.parse(text);
  } catch {
    throw new AppError('ERR_VALIDATION', { issues: [{ path: '', message: 'JSON inválido' }] });
  }
}

function toMiddyRoute(definition: RouteDefinition): Route<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    method: definition.method,
    path: definition.path,
    handler: async (event: APIGatewayProxyEvent, context: Context) => {
      appendCorrelation({ route: `${definition.method} ${definition.path}` });
      const principal = await authenticate(definition.access, event.headers);
      if (principal) appendCorrelation({ companyId: principal.companyId, userId: principal.userId });
      // The session and the company read through per-container caches and run together. When
      // both refuse, the session's answer wins (403, then the refresh's 401).
      if (principal) {
        const [session, company] = await Promise.allSettled([
          assertSessionCurrent(principal),
          principal.isSuper ? undefined : assertCompanyMayUse(principal.companyId, definition),
        ]);
        if (session.status === 'rejected') throw session.reason;
        if (company.status === 'rejected') throw company.reason;
        // Only now is the request the company's: its token's signature and expiry checked
        // (authenticate), its session the user's current one. A forged token, another company's,
        // or one of an ended session never reaches this line, so it cannot spend the budget
        // (the count is in memory; the shared counter is written at most every 2 s).
        await chargeCompanyRequest(principal.companyId);
      }
      const params = definition.params ? definition.params.parse(event.pathParameters ?? {}) : undefined;
      appendCorrelation(pathKeys(params));
      const request: ApiRequest<unknown, unknown, unknown, Principal | undefined> = {
        params,
        query: definition.query ? definition.query.parse(queryObject(event)) : undefined,
        body: definition.body ? definition.body.parse(event.body ?? {}) : undefined,
        principal,
        headers: event.headers,
        cookies: parseCookies(event.headers['cookie']),
        sourceIp: event.requestContext?.identity?.sourceIp ?? '',
        event,
        context,
      };
      const result = await (definition.handler as (r: typeof request) => Promise<unknown>)(request);
      return toHttpResult(result);
    },
  };
}

/** A route's ticket and message ids, as log keys (`/messages/{ticketId}`, `/tickets/{ticketId}`). */
function pathKeys(params: unknown): { ticketId?: number; messageId?: string } {
  if (typeof params !== 'object' || params === null) return {};
  const { ticketId, messageId } = params as { ticketId?: unknown; messageId?: unknown };
  return {
    ticketId: typeof ticketId === 'number' ? ticketId : undefined,
    messageId: typeof messageId === 'string' ? messageId : undefined,
  };
}

async function authenticate(
  access: Access,
  headers: Record<string, string | undefined>,
): Promise<Principal | undefined> {
  if (access === 'public') return undefined;
  const token = bearerToken(headers);
  if (!token) throw new AppError('ERR_SESSION_EXPIRED');
  const principal = await verifyAccessToken(token);
  if (access === 'admin' && !isAdmin(principal)) throw new AppError('ERR_NO_PERMISSION');
  if (access === 'super' && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
  return principal;
}

export function toHttpResult(result: unknown): APIGatewayProxyResult {
  if (!(result instanceof HttpAnswer)) {
    if (result === undefined) return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
    return { statusCode: 200, headers: jsonHeaders, body: JSON.stringify(result) };
  }
  const { status, body, options } = result;
  const headers: Record<string, string> = {
    ...(options.raw ? { 'content-type': options.raw.contentType } : jsonHeaders),
    ...options.headers,
  };
  const cookies = options.cookies?.map(serializeCookie);
  return {
    statusCode: status,
    headers,
    ...(cookies?.length ? { multiValueHeaders: { 'set-cookie': cookies } } : {}),
    body: options.raw ? options.raw.content : body === undefined ? '' : JSON.stringify(body),
    ...(options.raw?.base64 ? { isBase64Encoded: true } : {}),
  };
}

function pathMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/\{proxy\+\}$/, '.*').replace(/\{[^/]+\}/g, '[^/]+')}/?$`);
  return regex.test(path);
}
