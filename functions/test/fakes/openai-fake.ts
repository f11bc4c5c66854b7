/**
 * A local stand-in for the OpenAI API, speaking the two calls the AI prompts use as OpenAI
 * documents them (platform.openai.com/docs/api-reference):
 * - `POST /v1/chat/completions` with `{ model, messages, max_tokens, temperature }` answers a
 *   chat.completion object `{ id, object, created, model, choices: [{ index, message: { role,
 *   content }, finish_reason }], usage: { prompt_tokens, completion_tokens, total_tokens } }`;
 * - `POST /v1/audio/transcriptions` (multipart: file, model) answers `{ text }`.
 * The key comes as `Authorization: Bearer <key>`; a wrong one answers 401 with OpenAI's error
 * shape `{ error: { message, type, param, code } }`. Failures are scripted: `failNext(429)`,
 * `slowNext(ms)`.
 *
 * The default reply is `Respuesta <n>: <last user message>`; a user message containing "humano"
 * gets the hand-off phrase. Tests may replace `reply`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  authorization: string;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens?: number;
    temperature?: number;
  };
}

export class OpenAiFake {
  readonly chatCalls: ChatCall[] = [];
  readonly transcriptionCalls: { authorization: string; bytes: number }[] = [];
  /** The key the fake accepts (undefined: any). */
  acceptedKey: string | undefined;
  transcription = 'quiero saber el precio';
  reply: (lastUser: string, n: number) => string = (lastUser, n) =>
    /humano/i.test(lastUser)
      ? 'Claro, ya te paso. Ação: Transferir para o setor de atendimento'
      : `Respuesta ${n}: ${lastUser}`;
  private server: Server | undefined;
  private failures: { status: number; times: number } | undefined;
  private slow: { ms: number; times: number } | undefined;
  private answered = 0;

  /** The next `times` calls answer `status` (429, 500, 503…). */
  failNext(status: number, times = 1): void {
    this.failures = { status, times };
  }

  /** The next `times` calls wait `ms` before answering (a slow model; the client's timeout fires first). */
  slowNext(ms: number, times = 1): void {
    this.slow = { ms, times };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const authorization = req.headers.authorization ?? '';
    const send = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.acceptedKey !== undefined && authorization !== `Bearer ${this.acceptedKey}`) {
      send(401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
      return;
    }
    if (this.slow && this.slow.times > 0) {
      this.slow.times -= 1;
      await new Promise((resolve) => setTimeout(resolve, this.slow!.ms));
    }
    if (this.failures && this.failures.times > 0) {
      this.failures.times -= 1;
      const status = this.failures.status;
      send(status, {
        error: {
          message: status === 429 ? 'Rate limit reached' : 'The server had an error',
          type: status === 429 ? 'requests' : 'server_error',
          param: null,
          code: null,
        },
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const body = JSON.parse(raw.toString('utf8')) as ChatCall['body'];
      this.chatCalls.push({ authorization, body });
      this.answered += 1;
      const lastUser = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const content = this.reply(lastUser, this.answered);
      send(200, {
        id: `chatcmpl-${this.answered}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      if (
        !String(req.headers['content-type']).startsWith('multipart/form-data') ||
        !raw.includes('name="file"')
      ) {
        send(400, {
          error: { message: 'file is required', type: 'invalid_request_error', param: 'file', code: null },
        });
        return;
      }
      this.transcriptionCalls.push({ authorization, bytes: raw.byteLength });
      send(200, { text: this.transcription });
      return;
    }
    send(404, {
      error: {
        message: `Unknown request URL: ${req.method} ${req.url}`,
        type: 'invalid_request_error',
        param: null,
        code: 'unknown_url',
      },
    });
  }
}
