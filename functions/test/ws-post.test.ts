import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionGoneError, ConnectionPostError, postToConnection, resetConnectionPoster } from '../src/aws/ws-post.ts';

interface Received {
  path: string;
  body: Buffer;
  /** Whether the Authorization header is what signing the request as received gives. */
  signatureHolds: boolean;
}

/**
 * Signs the request as the server received it (its method, raw path, the headers it names as
 * signed, its body, at its own x-amz-date) with the same credentials: what API Gateway checks.
 */
async function signatureHolds(request: IncomingMessage, body: Buffer, port: number): Promise<boolean> {
  const authorization = request.headers.authorization ?? '';
  const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match || signedNames.length === 0) return false;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const headers: Record<string, string> = {};
  for (const name of signedNames) headers[name] = String(request.headers[name] ?? '');
  const signer = new SignatureV4({
    service: 'execute-api',
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    sha256: Sha256,
  });
  const [path, query = ''] = (request.url ?? '').split('?');
  const signed = await signer.sign(
    {
      method: request.method ?? 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port,
      path: path!,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers,
      body,
    },
    { signingDate: new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!)) },
  );
  return signed.headers.authorization === authorization;
}

describe('posting to a WebSocket connection', () => {
  let received: Received[] = [];
  let answers: number[] = [];
  let port = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      received.push({ path: request.url ?? '', body, signatureHolds: await signatureHolds(request, body, port) });
      const status = answers.shift() ?? 200;
      response.writeHead(status, status === 200 ? {} : { 'x-amzn-errortype': status === 410 ? 'GoneException' : 'ServiceUnavailable' });
      response.end(status === 200 ? '' : '{"message":"no"}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // The stage's path, as in AWS: https://<api>.execute-api.<region>.amazonaws.com/<stage>.
    process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${port}/prod`;
    resetConnectionPoster();
  });
  afterAll(() => {
    resetConnectionPoster();
    server.close();
  });
  beforeEach(() => {
    received = [];
    answers = [];
  });

  const connectionId = 'Ab1=x!y';
  const data = new TextEncoder().encode('{"event":"ticket","data":{"action":"update"}}');

  it('sends the request the SDK sends, signed so that the signature holds for what arrives', async () => {
    const sdk = new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT, region: 'us-east-1' });
    await sdk.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    await postToConnection(connectionId, data);
    sdk.destroy();
    const [bySdk, ours] = received;
    // The verifier accepts the SDK's own request, and ours is the same request.
    expect(bySdk!.signatureHolds).toBe(true);
    expect(ours!.signatureHolds).toBe(true);
    expect(ours!.path).toBe(bySdk!.path);
    expect(ours!.path).toBe('/prod/@connections/Ab1%3Dx%21y');
    expect(new Uint8Array(ours!.body)).toEqual(data);
  });

  it('answers Gone as the SDK names it, without trying again', async () => {
    answers = [410];
    const failure = await postToConnection('gone=', data).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionGoneError);
    expect((failure as Error).name).toBe('GoneException');
    expect(received).toHaveLength(1);
  });

  it('tries once more when API Gateway is busy, and no more', async () => {
    answers = [503];
    await postToConnection('busy=', data);
    expect(received.map((r) => r.path)).toEqual(['/prod/@connections/busy%3D', '/prod/@connections/busy%3D']);
    received = [];
    answers = [503, 503];
    const failure = await postToConnection('busy=', data).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionPostError);
    expect(failure).toMatchObject({ status: 503, name: 'ServiceUnavailable' });
    expect(received).toHaveLength(2);
  });
});
