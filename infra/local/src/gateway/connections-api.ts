/**
 * The API Gateway management API (`@connections`) on the gateway's own port, so the product's
 * ApiGatewayManagementApiClient works unchanged with the endpoint in WS_MANAGEMENT_ENDPOINT.
 * Errors follow the REST-JSON protocol the SDK parses: the type in `x-amzn-errortype`.
 * Only loopback callers are served, as only the functions in this process should post.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError, readRequestBody } from './request-body.ts';
import { maxMessageBytes, type WebSocketApi } from './websocket-api.ts';

/** The SDK calls `<endpoint>/@connections/{id}`; with AWS's endpoint style the stage comes first. */
const pathPattern = /^\/(?:local\/)?@connections\/([^/?]+)\/?(?:\?.*)?$/;

export function isConnectionsApiPath(url: string): boolean {
  return url.startsWith('/@connections/') || url.startsWith('/local/@connections/');
}

export function handleConnectionsApi(
  request: IncomingMessage,
  response: ServerResponse,
  webSocketApi: WebSocketApi,
): void {
  if (!isLoopback(request.socket.remoteAddress)) {
    request.resume();
    return sendError(response, 403, 'ForbiddenException', 'Forbidden');
  }
  const match = pathPattern.exec(request.url ?? '');
  if (!match) {
    request.resume();
    return sendError(response, 404, 'NotFoundException', 'Not Found');
  }
  const connectionId = decodeURIComponent(match[1]!);
  switch (request.method) {
    case 'POST':
      readRequestBody(request, maxMessageBytes).then(
        (body) => {
          const result = webSocketApi.post(connectionId, body ?? Buffer.alloc(0));
          if (result === 'gone') return sendError(response, 410, 'GoneException', 'Gone');
          if (result === 'too-large')
            return sendError(response, 413, 'PayloadTooLargeException', 'Message too long');
          response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '0' }).end();
        },
        (error: unknown) => {
          if (error instanceof PayloadTooLargeError) {
            return sendError(response, 413, 'PayloadTooLargeException', 'Message too long');
          }
          response.destroy();
        },
      );
      return;
    case 'DELETE':
      request.resume();
      if (!webSocketApi.disconnect(connectionId)) return sendError(response, 410, 'GoneException', 'Gone');
      response.writeHead(204).end();
      return;
    case 'GET': {
      request.resume();
      const connection = webSocketApi.connection(connectionId);
      if (!connection) return sendError(response, 410, 'GoneException', 'Gone');
      const body = JSON.stringify({
        connectedAt: new Date(connection.connectedAtMs).toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        lastActiveAt: new Date(connection.lastActiveAtMs).toISOString(),
      });
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
        .end(body);
      return;
    }
    default:
      request.resume();
      sendError(response, 405, 'MethodNotAllowedException', 'Method Not Allowed');
  }
}

function sendError(response: ServerResponse, status: number, errorType: string, message: string): void {
  const body = JSON.stringify({ message });
  response
    .writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'x-amzn-errortype': errorType,
    })
    .end(body);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
