/**
 * The local gateway: one HTTP server and origin for the SPA (`/`), the REST API (`/api/...`),
 * the WebSocket API (`/ws`) and its `@connections` management API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import { handleConnectionsApi, isConnectionsApiPath } from './connections-api.ts';
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

export async function startGateway(options: {
  port: number;
  host: string;
  restApi: RestApi;
  webSocketApi: WebSocketApi;
  staticSite: StaticSite;
  log: Logger;
}): Promise<Gateway> {
  const { restApi, webSocketApi, staticSite, log } = options;
  let serving = false;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!serving) {
      request.resume();
      response
        .writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' })
        .end('{"message":"Starting"}');
      return;
    }
    const url = request.url ?? '/';
    if (isRestPath(url)) return restApi.handle(request, response);
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
    webSocketApi.handleUpgrade(request, socket, head);
  });
  server.on('clientError', (error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    else socket.destroy(error);
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
