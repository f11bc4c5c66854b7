/**
 * /api/*: the REST API. Each request becomes a proxy event for the module that owns its first
 * path segment, and the module's result becomes the HTTP response, as through API Gateway.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FunctionTimeoutError, type FunctionInvoker } from '../invoke.ts';
import type { Logger } from '../log.ts';
import type { RestModule } from '../runtime-manifest.ts';
import { PayloadTooLargeError, readRequestBody } from './request-body.ts';
import { apiPrefixOf, buildRestProxyEvent, type RestApiSettings } from './rest-event.ts';
import {
  internalServerErrorReply,
  jsonReply,
  replyFromProxyResult,
  type HttpReply,
} from './rest-response.ts';

/** API Gateway's integration timeout. */
const integrationTimeoutSeconds = 29;

export interface RestApi {
  handle(request: IncomingMessage, response: ServerResponse): void;
}

export function createRestApi(options: {
  modulesByPrefix: Map<string, RestModule>;
  invoker: FunctionInvoker;
  settings: RestApiSettings;
  log: Logger;
  /** Flat [name, value, ...] added to every answer (nosniff and the like), as CloudFront's policy does. */
  responseHeaders?: () => readonly string[];
}): RestApi {
  const { modulesByPrefix, invoker, settings, log } = options;
  const responseHeaders = options.responseHeaders ?? (() => []);

  async function reply(
    request: IncomingMessage,
    requestId: string,
    receivedAtMs: number,
  ): Promise<HttpReply> {
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const prefix = apiPrefixOf(queryStart === -1 ? url : url.slice(0, queryStart));
    const module = prefix === undefined ? undefined : modulesByPrefix.get(prefix);
    if (!module) {
      request.resume();
      return jsonReply(404, { error: 'ERR_ROUTE_NOT_FOUND' }, requestId);
    }
    let body: Buffer | undefined;
    try {
      body = await readRequestBody(request);
    } catch (error) {
      if (error instanceof PayloadTooLargeError)
        return jsonReply(413, { error: 'ERR_PAYLOAD_TOO_LARGE' }, requestId);
      throw error;
    }
    const event = buildRestProxyEvent(
      {
        method: request.method ?? 'GET',
        url,
        rawHeaders: request.rawHeaders,
        body,
        contentType: request.headers['content-type'],
        sourceIp: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: request.headers['user-agent'],
        host: request.headers.host,
        requestId,
        receivedAtMs,
      },
      settings,
    );
    try {
      const result = await invoker.invoke(module.name, event, integrationTimeoutSeconds);
      const httpReply = replyFromProxyResult(result, requestId);
      if (httpReply) return httpReply;
      log.error(
        `${module.name}: malformed Lambda proxy response for ${event.httpMethod} ${event.resource} (request ${requestId})`,
        result,
      );
    } catch (error) {
      // Paths can carry secrets (reset codes), so logs name the resource template, never the path.
      log.error(`${module.name}: ${event.httpMethod} ${event.resource} failed (request ${requestId})`, error);
      if (error instanceof FunctionTimeoutError && error.seconds >= integrationTimeoutSeconds) {
        return jsonReply(504, { message: 'Endpoint request timed out' }, requestId);
      }
    }
    return internalServerErrorReply(requestId);
  }

  return {
    handle(request, response) {
      const requestId = randomUUID();
      reply(request, requestId, Date.now()).then(
        (httpReply) => send(response, httpReply, request.method === 'HEAD', responseHeaders()),
        (error: unknown) => {
          log.error(`gateway: ${request.method} request ${requestId} failed`, error);
          send(response, internalServerErrorReply(requestId), false, responseHeaders());
        },
      );
    },
  };
}

/** The lower-cased names of each list of edge headers (the runtime keeps one list until its origins change). */
const edgeHeaderNames = new WeakMap<readonly string[], Set<string>>();

function send(
  response: ServerResponse,
  reply: HttpReply,
  headOnly: boolean,
  responseHeaders: readonly string[],
): void {
  if (response.headersSent || response.destroyed) return;
  // The edge's headers win over a function's own, as CloudFront's policy overrides them.
  let own = edgeHeaderNames.get(responseHeaders);
  if (!own) {
    own = new Set(responseHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()));
    edgeHeaderNames.set(responseHeaders, own);
  }
  const kept = reply.headers.flatMap((value, index, all) =>
    index % 2 === 0 && !own.has(value.toLowerCase()) ? [value, all[index + 1]!] : [],
  );
  response.writeHead(reply.statusCode, [
    ...kept,
    ...responseHeaders,
    'Content-Length',
    String(reply.body.length),
  ]);
  response.end(headOnly ? undefined : reply.body);
}
