/**
 * The local gateway end to end, with fixture handlers behind it: REST requests as API Gateway
 * proxy events, the WebSocket API's $connect/$default/$disconnect, the @connections management
 * API through the real ApiGatewayManagementApiClient, and the SPA.
 */
import { join } from 'node:path';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  startFixtureRuntime,
  temporaryDirectory,
  waitFor,
  writeFixtureSpa,
  type FixtureRuntime,
} from './fixtures/harness.ts';

let fixture: FixtureRuntime;
let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let base: string;

beforeAll(async () => {
  directory = await temporaryDirectory('atende-gateway-');
  const webDistDir = join(directory.path, 'web-dist');
  await writeFixtureSpa(webDistDir);
  fixture = await startFixtureRuntime(join(directory.path, 'data'), { webDistDir });
  base = fixture.runtime.url;
});

afterAll(async () => {
  await fixture?.runtime.stop();
  await directory?.remove();
});

describe('REST API', () => {
  it('delivers the request as a proxy event and returns status, headers, cookies and body', async () => {
    const response = await fetch(`${base}/api/echo/items/7?q=a%20b&q=c`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Trace': 't1' },
      body: '{"hello":"world"}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-fixture')).toBe('echo');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(await response.json()).toEqual({
      path: '/api/echo/items/7',
      method: 'POST',
      body: '{"hello":"world"}',
    });

    const event = fixture.recorder.restEvents.at(-1)!;
    expect(event).toMatchObject({
      resource: '/api/echo/{proxy+}',
      path: '/api/echo/items/7',
      httpMethod: 'POST',
      pathParameters: { proxy: 'items/7' },
      queryStringParameters: { q: 'c' },
      multiValueQueryStringParameters: { q: ['a b', 'c'] },
      isBase64Encoded: false,
      requestContext: {
        stage: 'local',
        path: '/local/api/echo/items/7',
        identity: { sourceIp: '127.0.0.1' },
      },
    });
    const headers = Object.entries(event.headers as Record<string, string>);
    expect(headers.find(([name]) => name.toLowerCase() === 'x-trace')?.[1]).toBe('t1');
  });

  it('routes every prefix of a module to it and passes the handler’s status through', async () => {
    const response = await fetch(`${base}/api/echo-too?status=418`);
    expect(response.status).toBe(418);
    expect(fixture.recorder.restEvents.at(-1)).toMatchObject({
      resource: '/api/echo-too',
      pathParameters: null,
    });
  });

  it('base64-encodes multipart bodies and decodes base64 responses', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0, 1, 2, 255])]), 'bytes.bin');
    await fetch(`${base}/api/echo/upload`, { method: 'POST', body: form });
    const event = fixture.recorder.restEvents.at(-1)!;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body as string, 'base64').includes(Buffer.from([0, 1, 2, 255]))).toBe(true);

    const binary = await fetch(`${base}/api/echo/binary`);
    expect(binary.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await binary.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('answers 404 for an unknown module, 413 past 10 MB, 502 when the handler fails or times out', async () => {
    const unknown = await fetch(`${base}/api/nowhere/x`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'ERR_ROUTE_NOT_FOUND' });

    const tooLarge = await fetch(`${base}/api/echo/big`, {
      method: 'POST',
      body: new Uint8Array(10 * 1024 * 1024 + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });

    const thrown = await fetch(`${base}/api/echo/throw`);
    expect(thrown.status).toBe(502);
    expect(await thrown.json()).toEqual({ message: 'Internal server error' });

    const malformed = await fetch(`${base}/api/echo/malformed`);
    expect(malformed.status).toBe(502);

    // The fixture module's own 1 s timeout is shorter than API Gateway's 29 s: a Lambda error, 502.
    const slow = await fetch(`${base}/api/slow`);
    expect(slow.status).toBe(502);
  });

  it('gives the handlers the runtime environment', async () => {
    const response = await fetch(`${base}/api/echo/env`);
    expect(await response.json()).toEqual({ table: 'atende' });
    expect(fixture.runtime.env).toMatchObject({
      TABLE_NAME: 'atende',
      MEDIA_BUCKET: 'atende-media',
      APP_STAGE: 'local',
      SANDBOX_ENABLED: 'true',
      QUEUE_URL_ORDERS_FIFO: 'orders.fifo',
      QUEUE_URL_JOBS: 'jobs',
      WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${fixture.runtime.port}`,
    });
    expect(fixture.runtime.env.JWT_SECRET).toMatch(/^[0-9a-f]{128}$/);
  });
});

describe('static SPA', () => {
  it('serves index.html at / and for client-side routes, assets with a long cache, 404 for missing files', async () => {
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toContain('fixture spa');

    const route = await fetch(`${base}/tickets/12`);
    expect(await route.text()).toContain('fixture spa');

    const asset = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toContain('console.log');

    const etag = asset.headers.get('etag')!;
    const revalidated = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);

    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });
});

function openSocket(query: string): Promise<{ socket: WebSocket; messages: string[] }> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`);
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    socket.once('open', () => resolveOpen({ socket, messages }));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

function connectionIdOf(index: number): string {
  const connects = fixture.recorder.webSocketEvents.filter(
    (e) => (e.requestContext as { eventType: string }).eventType === 'CONNECT',
  );
  return (connects[index]!.requestContext as { connectionId: string }).connectionId;
}

describe('WebSocket API', () => {
  it('refuses the upgrade with the status $connect returns', async () => {
    await expect(openSocket('?token=bad')).rejects.toThrow('HTTP 401');
  });

  it('accepts it when $connect returns 200, then delivers messages and the close', async () => {
    const before = fixture.recorder.webSocketEvents.length;
    const { socket } = await openSocket('?token=good');
    socket.send('{"action":"ping"}');
    const message = await waitFor(() =>
      fixture.recorder.webSocketEvents
        .slice(before)
        .find((e) => (e.requestContext as { eventType: string }).eventType === 'MESSAGE'),
    );
    const connect = fixture.recorder.webSocketEvents[before]!;
    expect(connect).toMatchObject({
      queryStringParameters: { token: 'good' },
      requestContext: { routeKey: '$connect', eventType: 'CONNECT', stage: 'local' },
    });
    const connectionId = (connect.requestContext as { connectionId: string }).connectionId;
    expect(message).toMatchObject({
      body: '{"action":"ping"}',
      requestContext: { routeKey: '$default', connectionId },
    });

    socket.close(1000);
    const disconnect = await waitFor(() =>
      fixture.recorder.webSocketEvents
        .slice(before)
        .find((e) => (e.requestContext as { eventType: string }).eventType === 'DISCONNECT'),
    );
    expect(disconnect).toMatchObject({
      requestContext: { routeKey: '$disconnect', connectionId, disconnectStatusCode: 1000 },
    });
  });

  it('serves @connections to the real ApiGatewayManagementApiClient', async () => {
    const client = new ApiGatewayManagementApiClient({
      endpoint: fixture.runtime.env.WS_MANAGEMENT_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const connectsBefore = fixture.recorder.webSocketEvents.filter(
      (e) => (e.requestContext as { eventType: string }).eventType === 'CONNECT',
    ).length;
    const { socket, messages } = await openSocket('?token=good');
    const connectionId = connectionIdOf(connectsBefore);

    await client.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"type":"hello"}') }),
    );
    await waitFor(() => messages.includes('{"type":"hello"}'));

    const info = await client.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');

    const closed = new Promise<number>((resolveClosed) =>
      socket.once('close', (code) => resolveClosed(code)),
    );
    await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    await closed;
    await waitFor(() =>
      fixture.recorder.webSocketEvents.find(
        (e) =>
          (e.requestContext as { eventType: string; connectionId: string }).eventType === 'DISCONNECT' &&
          (e.requestContext as { connectionId: string }).connectionId === connectionId,
      ),
    );

    await expect(
      client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('late') })),
    ).rejects.toBeInstanceOf(GoneException);
    client.destroy();
  });
});
