/**
 * /ws: the WebSocket API. The handshake becomes a $connect invocation whose status decides
 * whether the upgrade completes (any non-2xx refuses it with that status, as API Gateway does),
 * every client message a $default invocation, and the close a $disconnect invocation. The open
 * sockets are what the @connections management API posts to.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { FunctionInvoker } from '../invoke.ts';
import type { Logger } from '../log.ts';
import { newConnectionId } from './api-gateway-format.ts';
import {
  buildConnectEvent,
  buildDisconnectEvent,
  buildMessageEvent,
  type ConnectionIdentity,
  type WebSocketApiSettings,
} from './websocket-events.ts';

/** API Gateway's limits: 128 KB messages, 10 minutes idle, 2 hours per connection. */
export const maxMessageBytes = 128 * 1024;
const idleTimeoutMs = 10 * 60 * 1000;
const maxConnectionMs = 2 * 60 * 60 * 1000;
const sweepEveryMs = 30 * 1000;
const integrationTimeoutSeconds = 29;

export interface LiveConnection extends ConnectionIdentity {
  socket: WebSocket;
  lastActiveAtMs: number;
}

export type PostResult = 'sent' | 'gone' | 'too-large';

export interface WebSocketApi {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  connection(connectionId: string): LiveConnection | undefined;
  post(connectionId: string, data: Buffer): PostResult;
  /** Closes the socket; $disconnect follows as for any close. False when there is no such connection. */
  disconnect(connectionId: string): boolean;
  /** Closes every socket and waits for the $disconnect invocations. */
  close(): Promise<void>;
}

export function createWebSocketApi(options: {
  functionName: string;
  invoker: FunctionInvoker;
  settings: WebSocketApiSettings;
  log: Logger;
}): WebSocketApi {
  const { functionName, invoker, settings, log } = options;
  const connections = new Map<string, LiveConnection>();
  const pendingInvocations = new Set<Promise<unknown>>();
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  let closing = false;
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: false,
    // API Gateway answers with a subprotocol only when $connect returns Sec-WebSocket-Protocol.
    handleProtocols: (_protocols, request) => chosenProtocol.get(request) ?? false,
  });

  function track<T>(invocation: Promise<T>): Promise<T> {
    pendingInvocations.add(invocation);
    void invocation.finally(() => pendingInvocations.delete(invocation)).catch(() => undefined);
    return invocation;
  }

  async function connect(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = request.url ?? '/ws';
    const queryStart = url.indexOf('?');
    const nowMs = Date.now();
    const identity: ConnectionIdentity = {
      connectionId: newConnectionId(),
      connectedAtMs: nowMs,
      sourceIp: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      userAgent: request.headers['user-agent'],
      domainName: request.headers.host ?? 'localhost',
    };
    const event = buildConnectEvent(
      identity,
      { rawHeaders: request.rawHeaders, rawQuery: queryStart === -1 ? '' : url.slice(queryStart + 1) },
      settings,
      { requestId: randomUUID(), nowMs },
    );
    let result: unknown;
    try {
      result = await track(invoker.invoke(functionName, event, integrationTimeoutSeconds));
    } catch (error) {
      log.error(`${functionName}: $connect failed`, error);
      refuse(socket, 500, undefined, '{"message": "Internal server error"}');
      return;
    }
    const { statusCode, headers, body } = (result ?? {}) as {
      statusCode?: number;
      headers?: Record<string, unknown>;
      body?: unknown;
    };
    const status = closing ? 503 : (statusCode ?? 200);
    if (status < 200 || status > 299) {
      refuse(socket, status, headers, typeof body === 'string' ? body : '');
      return;
    }
    const protocol = Object.entries(headers ?? {}).find(
      ([name]) => name.toLowerCase() === 'sec-websocket-protocol',
    )?.[1];
    if (typeof protocol === 'string') chosenProtocol.set(request, protocol);
    server.handleUpgrade(request, socket, head, (webSocket) => open(identity, webSocket));
  }

  function open(identity: ConnectionIdentity, socket: WebSocket): void {
    const connection: LiveConnection = { ...identity, socket, lastActiveAtMs: Date.now() };
    connections.set(identity.connectionId, connection);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      connection.lastActiveAtMs = Date.now();
      const event = buildMessageEvent(connection, { data: toBuffer(data), isBinary }, settings, {
        requestId: randomUUID(),
        messageId: randomUUID(),
        nowMs: connection.lastActiveAtMs,
      });
      track(invoker.invoke(functionName, event, integrationTimeoutSeconds)).catch((error: unknown) => {
        log.error(`${functionName}: $default failed`, error);
        // API Gateway tells the client its message failed.
        if (socket.readyState === WebSocket.OPEN) {
          socket.send(
            JSON.stringify({
              message: 'Internal server error',
              connectionId: connection.connectionId,
              requestId: event.requestContext.requestId,
            }),
          );
        }
      });
    });
    socket.once('close', (code: number, reason: Buffer) => {
      connections.delete(connection.connectionId);
      const event = buildDisconnectEvent(
        connection,
        { statusCode: code, reason: reason.toString() || defaultReason(code) },
        settings,
        { requestId: randomUUID(), nowMs: Date.now() },
      );
      track(invoker.invoke(functionName, event, integrationTimeoutSeconds)).catch((error: unknown) =>
        log.error(`${functionName}: $disconnect failed`, error),
      );
    });
    socket.on('error', () => socket.terminate());
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const connection of connections.values()) {
      if (
        now - connection.lastActiveAtMs > idleTimeoutMs ||
        now - connection.connectedAtMs > maxConnectionMs
      ) {
        connection.socket.close(1001, 'Going away');
      }
    }
  }, sweepEveryMs);
  sweeper.unref();

  return {
    handleUpgrade(request, socket, head) {
      if (closing) {
        refuse(socket, 503, undefined, '');
        return;
      }
      if (request.headers.upgrade?.toLowerCase() !== 'websocket' || !request.headers['sec-websocket-key']) {
        refuse(socket, 400, undefined, '');
        return;
      }
      connect(request, socket, head).catch((error: unknown) => {
        log.error('gateway: WebSocket upgrade failed', error);
        socket.destroy();
      });
    },
    connection: (connectionId) => connections.get(connectionId),
    post(connectionId, data) {
      const connection = connections.get(connectionId);
      if (!connection || connection.socket.readyState !== WebSocket.OPEN) return 'gone';
      if (data.length > maxMessageBytes) return 'too-large';
      connection.lastActiveAtMs = Date.now();
      connection.socket.send(data, { binary: !isUtf8(data) });
      return 'sent';
    },
    disconnect(connectionId) {
      const connection = connections.get(connectionId);
      if (!connection) return false;
      connection.socket.close(1000, 'Connection closed by the server');
      return true;
    },
    async close() {
      closing = true;
      clearInterval(sweeper);
      const sockets = [...connections.values()].map(
        (connection) =>
          new Promise<void>((resolveClosed) => {
            connection.socket.once('close', () => resolveClosed());
            connection.socket.close(1001, 'Going away');
            // A client that never answers the close frame is cut off.
            setTimeout(() => connection.socket.terminate(), 1000).unref();
          }),
      );
      await Promise.all(sockets);
      await Promise.allSettled([...pendingInvocations]);
      server.close();
    },
  };
}

function refuse(
  socket: Duplex,
  status: number,
  headers: Record<string, unknown> | undefined,
  body: string,
): void {
  if (socket.destroyed) return;
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}`];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^(content-length|connection|transfer-encoding)$/i.test(name))
      lines.push(`${name}: ${String(value)}`);
  }
  const payload = Buffer.from(body);
  lines.push(`Content-Length: ${payload.length}`, 'Connection: close');
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]));
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function defaultReason(code: number): string {
  if (code === 1000) return 'Client closed the connection';
  if (code === 1001) return 'Going away';
  if (code === 1006) return 'Connection closed abnormally';
  return '';
}
