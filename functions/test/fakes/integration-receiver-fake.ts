/**
 * A local n8n / webhook receiver for queue integrations: it checks each delivery's signature
 * (x-atende-signature, HMAC-SHA256 with the integration's key over `<x-atende-timestamp>.<body>`)
 * the way a receiver is told to, records what came, and answers like an n8n "Respond to Webhook"
 * node: `{ text }`, with `transfer: true` when the customer asks for a person ("persona") and
 * `close: true` on "chau"; "foto" answers a text with a `mediaUrl` (a PNG it serves itself),
 * "catálogo" a `replies` entry naming a PDF, "falsa" a URL whose bytes are HTML dressed as a PNG,
 * "enorme" a video past the size cap.
 * A wrong signature answers 401. Plain node:http on a free port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyDelivery } from '../../src/domain/integration-webhook.ts';

/** A 1x1 PNG, the photo the receiver names. */
export const receiverPhotoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF, the catalogue the receiver names. */
export const receiverCatalogPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface ReceivedDelivery {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  raw: string;
  verified: boolean;
}

export class IntegrationReceiverFake {
  readonly deliveries: ReceivedDelivery[] = [];
  /** The integration's signing key, as the admin pasted it into the receiver. */
  secret = '';
  /** Paths of the media files asked for (GETs; not in `deliveries`). */
  readonly mediaFetches: string[] = [];
  private server: Server | undefined;
  private failures: { status: number; times: number } | undefined;

  failNext(status: number, times = 1): void {
    this.failures = { status, times };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `${this.origin}/webhook/atende`;
  }

  get origin(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Message bodies of the verified deliveries, in arrival order. */
  get texts(): string[] {
    return this.deliveries
      .filter((d) => d.verified)
      .map((d) => String((d.body.message as { body?: unknown }).body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url?.startsWith('/media/')) return this.media(req.url, res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const timestamp = Number(req.headers['x-atende-timestamp']);
    const signature = String(req.headers['x-atende-signature'] ?? '');
    const verified =
      Boolean(this.secret) &&
      Number.isFinite(timestamp) &&
      verifyDelivery(this.secret, timestamp, raw, signature);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // recorded as it came; answered 400 below
    }
    this.deliveries.push({ headers: req.headers, body, raw, verified });
    if (this.failures && this.failures.times > 0) {
      this.failures.times -= 1;
      res.writeHead(this.failures.status, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'unavailable' }));
    }
    if (!verified) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'bad signature' }));
    }
    const text = String((body.message as { body?: unknown } | undefined)?.body ?? '');
    const lower = text.toLowerCase();
    const answer = lower.includes('persona')
      ? { text: 'Le paso con una persona', transfer: true }
      : lower.includes('chau')
        ? { text: '¡Hasta luego!', close: true }
        : lower.includes('foto')
          ? { text: 'Aquí está la foto', mediaUrl: `${this.origin}/media/foto.png` }
          : lower.includes('catálogo')
            ? { replies: [{ text: '', mediaUrl: `${this.origin}/media/catalogo` }] }
            : lower.includes('falsa')
              ? { text: 'Mire', mediaUrl: `${this.origin}/media/falsa.png` }
              : lower.includes('enorme')
                ? { text: 'El video', mediaUrl: `${this.origin}/media/enorme.mp4` }
                : { text: `Recibido: ${text}` };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([answer]));
  }

  private media(path: string, res: ServerResponse): void {
    this.mediaFetches.push(path);
    if (path === '/media/foto.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': receiverPhotoPng.length });
      res.end(receiverPhotoPng);
    } else if (path === '/media/catalogo') {
      // No extension and a wrong type: the bytes decide.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(receiverCatalogPdf);
    } else if (path === '/media/enorme.mp4') {
      // Past the 16 MB cap (botMediaMaxBytes), refused by its Content-Length.
      const big = Buffer.alloc(17 * 1024 * 1024);
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': big.length });
      res.end(big);
    } else if (path === '/media/falsa.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<html><script>alert(1)</script></html>');
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'not found' }));
    }
  }
}
