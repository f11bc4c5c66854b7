/**
 * A local stand-in for Typebot's public chat API (v1), speaking it as docs.typebot.io documents:
 * `POST /api/v1/typebots/{publicId}/startChat` answers `{ sessionId, typebot, messages, input? }`
 * and `POST /api/v1/sessions/{sessionId}/continueChat` with `{ message: { type: "text", text } }`
 * answers `{ messages, input? }`. Bubbles are `text` (markdown content with
 * `textBubbleContentFormat: "markdown"`, else rich text) and `image`; buttons are a
 * `choice input` with `items[{ id, content }]`. An answer without `input` is the flow's end. An
 * unknown session answers 404 `{ message, code: "NOT_FOUND" }`, as Typebot does for an expired one.
 * The image bubble's file is served by the fake itself (`GET /media/logo.png`, a 1x1 PNG), as
 * Typebot serves uploaded files from its own storage; `GET /media/not-an-image.png` is HTML
 * dressed as a PNG, and any other media path is a 404.
 *
 * The scripted flow (public id `ventas`):
 *   greeting + image (`imagePath`, default `/media/logo.png`) + choices [Precios, Hablar con una persona]
 *   Precios -> prices + text input "¿Algo más?" -> anything -> thanks, end (hand-off)
 *   Hablar con una persona -> "Te paso con un agente" + the transfer bubble "#transferir", end
 *   anything else on the choice -> Typebot's retry bubble, the same input again
 *
 * Plain node:http; tests start it on a free port and use its URL as the integration's URL.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TypebotCall {
  path: string;
  body: Record<string, unknown>;
}

type Step = 'choice' | 'more' | 'done';

/** A 1x1 PNG, the image bubble's file. */
export const typebotLogoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const choiceInput = {
  id: 'input-choice',
  type: 'choice input',
  items: [
    { id: 'item-prices', content: 'Precios' },
    { id: 'item-person', content: 'Hablar con una persona' },
  ],
};

export class TypebotFake {
  readonly calls: TypebotCall[] = [];
  private server: Server | undefined;
  private readonly sessions = new Map<string, { step: Step; markdown: boolean }>();
  private failures: { status: number; times: number } | undefined;
  /** The image bubble's path on the fake (e.g. `/media/missing.png` for a file that is not there), or a whole URL. */
  imagePath = '/media/logo.png';
  /** Paths of the media files asked for (GETs; not in `calls`). */
  readonly mediaFetches: string[] = [];

  /** The next `times` calls answer `status` (e.g. 503), as an overloaded Typebot would. */
  failNext(status: number, times = 1): void {
    this.failures = { status, times };
  }

  /** Forgets every session, as Typebot does when they expire. */
  dropSessions(): void {
    this.sessions.clear();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url?.startsWith('/media/')) return this.media(req.url, res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
        : {};
    } catch {
      return send(res, 400, { message: 'Invalid JSON', code: 'BAD_REQUEST' });
    }
    const path = req.url ?? '';
    this.calls.push({ path, body });
    if (this.failures && this.failures.times > 0) {
      this.failures.times -= 1;
      return send(res, this.failures.status, { message: 'Unavailable', code: 'INTERNAL_SERVER_ERROR' });
    }
    if (req.method !== 'POST') return send(res, 405, { message: 'Method not allowed' });
    const markdown = body.textBubbleContentFormat === 'markdown';

    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (start) {
      if (decodeURIComponent(start[1]!) !== 'ventas')
        return send(res, 404, { message: "Typebot doesn't exist", code: 'NOT_FOUND' });
      const sessionId = randomUUID();
      this.sessions.set(sessionId, { step: 'choice', markdown });
      const name = (body.prefilledVariables as { name?: string } | undefined)?.name ?? '';
      return send(res, 200, {
        sessionId,
        resultId: randomUUID(),
        typebot: { id: 'typebot-ventas', version: '6', theme: {}, settings: {} },
        messages: [
          text(markdown, `¡Hola ${name}! Bienvenido a **Ventas**`),
          {
            id: 'bubble-image',
            type: 'image',
            content: {
              url: this.imagePath.startsWith('http') ? this.imagePath : `${this.url}${this.imagePath}`,
            },
          },
          text(markdown, '¿Qué necesita?'),
        ],
        input: choiceInput,
      });
    }

    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (next) {
      const session = this.sessions.get(decodeURIComponent(next[1]!));
      if (!session) return send(res, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      const reply = String(
        (body.message as { text?: unknown } | undefined)?.text ??
          (typeof body.message === 'string' ? body.message : ''),
      );
      const md = session.markdown;
      if (session.step === 'choice') {
        if (reply === 'Precios') {
          session.step = 'more';
          return send(res, 200, {
            messages: [text(md, 'Plan básico: R$ 49'), text(md, 'Plan completo: R$ 99')],
            input: {
              id: 'input-more',
              type: 'text input',
              options: { labels: { placeholder: '¿Algo más?' } },
            },
          });
        }
        if (reply === 'Hablar con una persona') {
          this.sessions.delete(decodeURIComponent(next[1]!));
          return send(res, 200, { messages: [text(md, 'Te paso con un agente'), text(md, '#transferir')] });
        }
        return send(res, 200, {
          messages: [text(md, 'Invalid message. Please, try again.')],
          input: choiceInput,
        });
      }
      // The text input: anything ends the flow.
      this.sessions.delete(decodeURIComponent(next[1]!));
      return send(res, 200, { messages: [text(md, `Gracias, anotamos: ${reply}`)] });
    }
    return send(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
  }

  private media(path: string, res: ServerResponse): void {
    this.mediaFetches.push(path);
    if (path === '/media/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': typebotLogoPng.length });
      res.end(typebotLogoPng);
    } else if (path === '/media/not-an-image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<html><script>alert(1)</script></html>');
    } else send(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
  }
}

function text(markdown: boolean, value: string) {
  return markdown
    ? { id: randomUUID(), type: 'text', content: { type: 'markdown', markdown: value } }
    : {
        id: randomUUID(),
        type: 'text',
        content: {
          type: 'richText',
          richText: [{ type: 'p', children: [{ text: value.replace(/\*\*/g, '') }] }],
        },
      };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
