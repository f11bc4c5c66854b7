import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConnectionPoster } from '../src/aws/ws-post.ts';

/** A post as API Gateway received it: the connection and the bytes (the SDK command's input names). */
export interface ReceivedPost {
  ConnectionId: string;
  Data: Uint8Array;
}

/**
 * API Gateway's @connections POST for unit tests: a local HTTP server the fan-out posts to (the
 * product's signed request, not a mock of it), answering 200, or 410 Gone as a case asks. Closes
 * (DeleteConnection) stay on the SDK client, mocked with aws-sdk-client-mock.
 */
export interface FakeConnections {
  /** Every post received, in order, those answered Gone included. */
  posts(): ReceivedPost[];
  /** Answers Gone to the next `times` posts to `connectionId` (all of them without `times`); any connection without one. */
  gone(connectionId?: string, times?: number): void;
  /** Forgets the posts and the Gone answers. */
  reset(): void;
  /** Forgets the posts, keeping the Gone answers. */
  resetHistory(): void;
  close(): Promise<void>;
}

export async function startFakeConnections(): Promise<FakeConnections> {
  let received: ReceivedPost[] = [];
  let goneAnswers = new Map<string, number>();
  const anyConnection = '*';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /\/@connections\/([^/?]+)$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match || !request.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
        response.writeHead(400, { 'x-amzn-errortype': 'BadRequestException' }).end();
        return;
      }
      const connectionId = decodeURIComponent(match[1]!);
      received.push({ ConnectionId: connectionId, Data: new Uint8Array(Buffer.concat(chunks)) });
      const key = goneAnswers.has(connectionId) ? connectionId : goneAnswers.has(anyConnection) ? anyConnection : undefined;
      if (key !== undefined) {
        const left = goneAnswers.get(key)!;
        if (left !== Infinity) {
          if (left <= 1) goneAnswers.delete(key);
          else goneAnswers.set(key, left - 1);
        }
        response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' }).end('{"message":"Gone"}');
        return;
      }
      response.writeHead(200, { 'content-length': '0' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetConnectionPoster();
  return {
    posts: () => [...received],
    gone(connectionId = anyConnection, times = Infinity) {
      goneAnswers.set(connectionId, times);
    },
    reset() {
      received = [];
      goneAnswers = new Map();
    },
    resetHistory() {
      received = [];
    },
    close: () => {
      resetConnectionPoster();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
