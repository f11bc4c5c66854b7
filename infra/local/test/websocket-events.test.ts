import { describe, expect, it } from 'vitest';
import { newConnectionId } from '../src/gateway/api-gateway-format.ts';
import {
  buildConnectEvent,
  buildDisconnectEvent,
  buildMessageEvent,
} from '../src/gateway/websocket-events.ts';

const connection = {
  connectionId: 'AbCdEfGhIjKlMnO=',
  connectedAtMs: 1_700_000_000_000,
  sourceIp: '127.0.0.1',
  userAgent: 'vitest',
  domainName: 'localhost:8080',
};
const settings = { stage: 'local', apiId: 'local' };

describe('WebSocket API events', () => {
  it('$connect carries the handshake headers and query string', () => {
    const event = buildConnectEvent(
      connection,
      { rawHeaders: ['Host', 'localhost:8080', 'Cookie', 's=1'], rawQuery: 'token=abc&x=1&x=2' },
      settings,
      { requestId: 'r1', nowMs: 1_700_000_000_005 },
    );
    expect(event.headers).toEqual({ Host: 'localhost:8080', Cookie: 's=1' });
    expect(event.queryStringParameters).toEqual({ token: 'abc', x: '2' });
    expect(event.multiValueQueryStringParameters).toEqual({ token: ['abc'], x: ['1', '2'] });
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      connectionId: 'AbCdEfGhIjKlMnO=',
      connectedAt: 1_700_000_000_000,
      requestTimeEpoch: 1_700_000_000_005,
      messageDirection: 'IN',
      stage: 'local',
      apiId: 'local',
      domainName: 'localhost:8080',
      requestId: 'r1',
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest' },
    });
  });

  it('$connect has no query maps when there is no query string', () => {
    const event = buildConnectEvent(connection, { rawHeaders: [], rawQuery: '' }, settings, {
      requestId: 'r',
      nowMs: 1,
    });
    expect('queryStringParameters' in event).toBe(false);
  });

  it('$default carries the message text, or base64 for binary frames', () => {
    const text = buildMessageEvent(
      connection,
      { data: Buffer.from('{"action":"ping"}'), isBinary: false },
      settings,
      {
        requestId: 'r',
        messageId: 'm',
        nowMs: 2,
      },
    );
    expect(text.body).toBe('{"action":"ping"}');
    expect(text.isBase64Encoded).toBe(false);
    expect(text.requestContext).toMatchObject({ routeKey: '$default', eventType: 'MESSAGE', messageId: 'm' });

    const binary = buildMessageEvent(connection, { data: Buffer.from([1, 2]), isBinary: true }, settings, {
      requestId: 'r',
      messageId: 'm',
      nowMs: 2,
    });
    expect(binary.body).toBe('AQI=');
    expect(binary.isBase64Encoded).toBe(true);
  });

  it('$disconnect carries the close code and reason', () => {
    const event = buildDisconnectEvent(connection, { statusCode: 1001, reason: 'Going away' }, settings, {
      requestId: 'r',
      nowMs: 3,
    });
    expect(event.requestContext).toMatchObject({
      routeKey: '$disconnect',
      eventType: 'DISCONNECT',
      disconnectStatusCode: 1001,
      disconnectReason: 'Going away',
    });
  });

  it('connection ids look like API Gateway ones and are path-safe', () => {
    const ids = new Set(Array.from({ length: 500 }, newConnectionId));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{15}=$/);
  });
});
