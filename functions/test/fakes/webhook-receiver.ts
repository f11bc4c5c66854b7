/**
 * A company's webhook receiver, as the tests and the bench play it: an HTTP server on 127.0.0.1
 * that records every request (headers, raw body, arrival time) and answers each path with the
 * status the test sets (200 unless told). It checks nothing itself; tests verify the signature
 * with the secret they were given (verifyWebhookSignature).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; companyId: number; occurredAt: string; data: Record<string, unknown> };
  atMs: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedWebhook[];
  /** Requests to a path (without query), oldest first. */
  on(path: string): ReceivedWebhook[];
  /** The status a path answers from now on. */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body) as ReceivedWebhook['json'];
      } catch {
        json = { id: '', event: '', companyId: 0, occurredAt: '', data: {} };
      }
      received.push({ path, headers: req.headers, body, json, atMs: Date.now() });
      const status = statuses.get(path) ?? 200;
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ received: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    on: (path) => received.filter((entry) => entry.path === path),
    answer: (path, status) => statuses.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
