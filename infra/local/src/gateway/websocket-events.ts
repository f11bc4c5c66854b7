/**
 * The events an API Gateway WebSocket API sends to its Lambda integration for $connect,
 * $default (every client message) and $disconnect, shaped like AWS's.
 */
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { apiGatewayRequestTime, headerMaps, newExtendedRequestId, queryMaps } from './api-gateway-format.ts';

export interface WebSocketApiSettings {
  stage: string;
  apiId: string;
}

export interface ConnectionIdentity {
  connectionId: string;
  connectedAtMs: number;
  sourceIp: string;
  userAgent: string | undefined;
  domainName: string;
}

interface RequestTiming {
  requestId: string;
  nowMs: number;
}

function requestContext(
  connection: ConnectionIdentity,
  settings: WebSocketApiSettings,
  timing: RequestTiming,
  routeKey: string,
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
) {
  return {
    routeKey,
    eventType,
    extendedRequestId: newExtendedRequestId(),
    requestTime: apiGatewayRequestTime(timing.nowMs),
    messageDirection: 'IN' as const,
    stage: settings.stage,
    connectedAt: connection.connectedAtMs,
    requestTimeEpoch: timing.nowMs,
    identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    requestId: timing.requestId,
    domainName: connection.domainName,
    connectionId: connection.connectionId,
    apiId: settings.apiId,
  };
}

/** $connect carries the handshake's headers and query string (absent when there is none). */
export function buildConnectEvent(
  connection: ConnectionIdentity,
  handshake: { rawHeaders: string[]; rawQuery: string },
  settings: WebSocketApiSettings,
  timing: RequestTiming,
) {
  const { headers, multiValueHeaders } = headerMaps(handshake.rawHeaders);
  const { queryStringParameters, multiValueQueryStringParameters } = queryMaps(handshake.rawQuery);
  return {
    headers,
    multiValueHeaders,
    ...(queryStringParameters ? { queryStringParameters, multiValueQueryStringParameters } : {}),
    requestContext: requestContext(connection, settings, timing, '$connect', 'CONNECT'),
    isBase64Encoded: false,
  };
}

/** $default receives each client frame: text as is, binary base64-encoded. */
export function buildMessageEvent(
  connection: ConnectionIdentity,
  message: { data: Buffer; isBinary: boolean },
  settings: WebSocketApiSettings,
  timing: RequestTiming & { messageId: string },
): APIGatewayProxyWebsocketEventV2 {
  return {
    requestContext: {
      ...requestContext(connection, settings, timing, '$default', 'MESSAGE'),
      messageId: timing.messageId,
    },
    body: message.isBinary ? message.data.toString('base64') : message.data.toString('utf8'),
    isBase64Encoded: message.isBinary,
  } as APIGatewayProxyWebsocketEventV2;
}

export function buildDisconnectEvent(
  connection: ConnectionIdentity,
  close: { statusCode: number; reason: string },
  settings: WebSocketApiSettings,
  timing: RequestTiming,
) {
  return {
    headers: { Host: connection.domainName, 'x-api-key': '', 'X-Forwarded-For': '', 'x-restapi': '' },
    multiValueHeaders: {
      Host: [connection.domainName],
      'x-api-key': [''],
      'X-Forwarded-For': [''],
      'x-restapi': [''],
    },
    requestContext: {
      ...requestContext(connection, settings, timing, '$disconnect', 'DISCONNECT'),
      disconnectStatusCode: close.statusCode,
      disconnectReason: close.reason,
    },
    isBase64Encoded: false,
  };
}
