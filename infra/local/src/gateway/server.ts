/**
 * The local gateway: one HTTP server and origin for the SPA (`/`), the REST API (`/api/...`),
 * the WebSocket API (`/ws`) and its `@connections` management API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import { handleConnectionsApi, isConnectionsApiPath } from './connections-api.ts';
import type { ExternalApiGate } from './external-api-gate.ts';
import { isExternalSend } from './external-api-limit.ts';
import {
  bearerTokenOf,
  companyOfToken,
  tooManyRequestsBody,
  type RateDecision,
  type RateLimiter,
} from './rate-limit.ts';
import type { RestApi } from './rest-api.ts';
import type { StaticSite } from './static-site.ts';
import type { WebSocketApi } from './websocket-api.ts';

export interface Gateway {
  port: number;
  /** Starts serving; until then every request is answered 503 (the port is bound early to learn it). */
  open(): void;
  close(): Promise<void>;
}

function isRestPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

function isWebSocketPath(url: string): boolean {
  return url === '/ws' || url.startsWith('/ws?') || url.startsWith('/ws/');
}

/** The caller's address as API Gateway reports it (`sourceIp`): IPv4-mapped IPv6 shown as IPv4. */
function clientAddressOf(request: IncomingMessage): string {
  return request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
}

export async function startGateway(options: {
  port: number;
  host: string;
  restApi: RestApi;
  webSocketApi: WebSocketApi;
  staticSite: StaticSite;
  /** Per-address and per-company budgets for /api and /ws (the WAF rules' stand-in); none: unlimited. */
  rateLimiter?: RateLimiter;
  /**
   * API Gateway's authorizer and usage plans in front of POST /api/messages/send (rate, burst and
   * monthly quota per company); none: the route's own token check only.
   */
  externalApiGate?: ExternalApiGate;
  /** Verifies the bearer token's signature before its company is charged (the functions' JWT_SECRET). */
  jwtSecret?: () => string | undefined;
  log: Logger;
}): Promise<Gateway> {
  const { restApi, webSocketApi, staticSite, log } = options;
  let serving = false;

  /** Charges the request to its caller's budgets; the static SPA and @connections are not charged. */
  function rateDecision(request: IncomingMessage): RateDecision {
    const token = bearerTokenOf(request.headers.authorization, request.url ?? '/');
    if (!options.rateLimiter) return { allowed: true };
    return options.rateLimiter.take({
      address: clientAddressOf(request),
      companyId: companyOfToken(token, options.jwtSecret?.()),
    });
  }

  function refuse(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string,
    retryAfterSeconds?: number,
  ): void {
    request.resume();
    response
      .writeHead(status, {
        'Content-Type': 'application/json',
        ...(retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) }),
        'X-Content-Type-Options': 'nosniff',
      })
      .end(body);
  }

  function serveRest(request: IncomingMessage, response: ServerResponse): void {
    const decision = rateDecision(request);
    if (!decision.allowed)
      return refuse(request, response, 429, tooManyRequestsBody, decision.retryAfterSeconds);
    restApi.handle(request, response);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!serving) {
      request.resume();
      response
        .writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' })
        .end('{"message":"Starting"}');
      return;
    }
    const url = request.url ?? '/';
    if (options.externalApiGate && isExternalSend(request.method, url)) {
      // The body waits (paused) while the authorizer runs.
      void options.externalApiGate.check(request).then(
        (gate) => {
          if (gate.allowed) return serveRest(request, response);
          refuse(request, response, gate.status, gate.body, gate.retryAfterSeconds);
        },
        (error: unknown) => {
          log.error('gateway: external API gate failed', error);
          refuse(request, response, 500, '{"error":"ERR_INTERNAL"}');
        },
      );
      return;
    }
    if (isRestPath(url)) return serveRest(request, response);
    if (isConnectionsApiPath(url)) return handleConnectionsApi(request, response, webSocketApi);
    if (isWebSocketPath(url)) {
      request.resume();
      response.writeHead(426, { Upgrade: 'websocket', 'Content-Length': 0 }).end();
      return;
    }
    staticSite.handle(request, response);
  });
  // Longer than any client's idle keep-alive, so the server never closes a socket a client is reusing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!serving) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!isWebSocketPath(request.url ?? '/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const decision = rateDecision(request);
    if (!decision.allowed) {
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: ${decision.retryAfterSeconds}\r\n` +
          `Content-Length: ${Buffer.byteLength(tooManyRequestsBody)}\r\nConnection: close\r\n\r\n${tooManyRequestsBody}`,
      );
      return;
    }
    webSocketApi.handleUpgrade(request, socket, head);
  });
  // A request Node cannot read (a URL or headers past its 16 KiB, a malformed request line) is
  // answered in the catalogue's shape like every other refusal.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy(error);
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify({ error: tooLarge ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION' });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '413 Payload Too Large' : '400 Bad Request'}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolveListening();
    });
  });
  server.on('error', (error) => log.error('gateway: server error', error));

  return {
    port: (server.address() as AddressInfo).port,
    open() {
      serving = true;
    },
    async close() {
      serving = false;
      const closed = new Promise<void>((resolveClosed) => server.close(() => resolveClosed()));
      server.closeIdleConnections();
      await webSocketApi.close();
      staticSite.close();
      // Requests still running get a moment to finish before their sockets are cut.
      const cutOff = setTimeout(() => server.closeAllConnections(), 2000);
      await closed;
      clearTimeout(cutOff);
    },
  };
}
