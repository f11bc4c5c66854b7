/**
 * A local stand-in for Dialogflow ES (API v2), speaking its REST protocol as Google documents it:
 * `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent` with a `queryInput.text`
 * and a `DetectIntentResponse` answer (`queryResult.fulfillmentMessages[].text.text[]`,
 * `fulfillmentText`, `intent`, `action`, `diagnosticInfo.end_conversation`), errors as Google's
 * JSON error body (`{ error: { code, message, status } }`).
 *
 * Authentication is checked the way the official client authenticates a service account: it
 * signs its own JWT (RS256, `kid` = private_key_id, `iss`/`sub` = client_email, with the
 * Dialogflow scope) and sends it as the bearer token, so the fake verifies that signature with
 * the public key of the service accounts it was given. No token exchange happens.
 *
 * Plain node:http; tests start it on a free port and point DIALOGFLOW_API_ENDPOINT at it.
 */
import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  displayName: string;
  /** Lower-cased substrings of the customer's text that select this intent. */
  phrases: string[];
  /** Fulfilment texts, one `text` message each (as the console's "Text response" holds them). */
  messages: string[];
  action?: string;
  /** The intent's "End of conversation" switch (diagnosticInfo.end_conversation). */
  endConversation?: boolean;
  /** The intent's "Live agent handoff" switch (intent.liveAgentHandoff). */
  liveAgentHandoff?: boolean;
}

export interface DetectIntentCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
  clientEmail: string;
}

export interface FakeServiceAccount {
  /** The service-account JSON, as the Google console downloads it (for `jsonContent`). */
  json: string;
  clientEmail: string;
}

const fallbackIntent: FakeIntent = {
  displayName: 'Default Fallback Intent',
  phrases: [],
  messages: ['No entendí, ¿puede repetirlo?'],
  action: 'input.unknown',
};

const sessionPath = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/;

export class DialogflowFake {
  readonly calls: DetectIntentCall[] = [];
  private server: Server | undefined;
  private readonly keys = new Map<string, { publicKey: KeyObject; keyId: string; project: string }>();
  private intents: FakeIntent[] = [];
  private failures: { status: number; times: number } | undefined;
  private delayMs = 0;

  /** host:port of the fake, for DIALOGFLOW_API_ENDPOINT as `http://<endpoint>`. */
  endpoint = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        reply(response, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.endpoint = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  get url(): string {
    return `http://${this.endpoint}`;
  }

  /** The agent's intents, matched in order; the default fallback intent answers the rest. */
  setIntents(intents: FakeIntent[]): void {
    this.intents = intents;
  }

  /** The next `times` detect-intent calls answer `status` (Google's error body). */
  failNext(status: number, times = 1): void {
    this.failures = { status, times };
  }

  /** Every answer waits this long (a slow agent). */
  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  /** A fresh service account of `project` with a throwaway RSA key the fake trusts. */
  serviceAccount(project: string): FakeServiceAccount {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clientEmail = `bot-${this.keys.size + 1}@${project}.iam.gserviceaccount.com`;
    const keyId = `key-${this.keys.size + 1}`;
    this.keys.set(clientEmail, { publicKey, keyId, project });
    const json = JSON.stringify({
      type: 'service_account',
      project_id: project,
      private_key_id: keyId,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${this.url}/token`,
    });
    return { json, clientEmail };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = sessionPath.exec(request.url?.split('?')[0] ?? '');
    if (request.method !== 'POST' || !match) {
      reply(response, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
      return;
    }
    const project = decodeURIComponent(match[1]!);
    const session = decodeURIComponent(match[2]!);
    const body = JSON.parse((await readBody(request)) || '{}') as {
      queryInput?: { text?: { text?: string; languageCode?: string } };
    };
    const caller = this.authenticate(request.headers.authorization);
    if (!caller) {
      reply(response, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
      return;
    }
    if (caller.project !== project) {
      reply(response, 403, {
        error: {
          code: 403,
          message: `Permission denied on project ${project}.`,
          status: 'PERMISSION_DENIED',
        },
      });
      return;
    }
    const text = body.queryInput?.text?.text ?? '';
    const languageCode = body.queryInput?.text?.languageCode ?? '';
    if (!text || !languageCode) {
      reply(response, 400, {
        error: { code: 400, message: 'Invalid query input.', status: 'INVALID_ARGUMENT' },
      });
      return;
    }
    this.calls.push({ project, session, text, languageCode, clientEmail: caller.clientEmail });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failures && this.failures.times > 0) {
      this.failures.times -= 1;
      const status = this.failures.status;
      reply(response, status, {
        error: {
          code: status,
          message: 'The service is currently unavailable.',
          status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
        },
      });
      return;
    }
    const lowered = text.toLowerCase();
    const intent =
      this.intents.find((candidate) => candidate.phrases.some((phrase) => lowered.includes(phrase))) ??
      fallbackIntent;
    reply(response, 200, {
      responseId: `${session}-${this.calls.length}`,
      queryResult: {
        queryText: text,
        languageCode,
        action: intent.action ?? '',
        parameters: {},
        allRequiredParamsPresent: true,
        fulfillmentText: intent.messages[0] ?? '',
        fulfillmentMessages: intent.messages.map((message) => ({ text: { text: [message] } })),
        intent: {
          name: `projects/${project}/agent/intents/${encodeURIComponent(intent.displayName)}`,
          displayName: intent.displayName,
          ...(intent === fallbackIntent ? { isFallback: true } : {}),
          ...(intent.liveAgentHandoff ? { liveAgentHandoff: true } : {}),
        },
        intentDetectionConfidence: intent === fallbackIntent ? 1 : 0.9,
        ...(intent.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
      },
    });
  }

  /** The service account whose self-signed JWT is the bearer token, if the signature holds. */
  private authenticate(header: string | undefined): { clientEmail: string; project: string } | undefined {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    const [head, payload, signature] = token?.split('.') ?? [];
    if (!head || !payload || !signature) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      iss?: string;
      sub?: string;
      scope?: string;
      aud?: string;
      exp?: number;
    };
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; kid?: string };
    const account = claims.iss ? this.keys.get(claims.iss) : undefined;
    if (!account || header_.alg !== 'RS256' || header_.kid !== account.keyId) return undefined;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${head}.${payload}`);
    if (!verifier.verify(account.publicKey, Buffer.from(signature, 'base64url'))) return undefined;
    if (!claims.exp || claims.exp * 1000 < Date.now()) return undefined;
    const scoped = (claims.scope ?? '')
      .split(' ')
      .some((scope) => /\/auth\/(dialogflow|cloud-platform)$/.test(scope));
    if (!scoped && !claims.aud?.includes('dialogflow')) return undefined;
    return { clientEmail: claims.iss!, project: account.project };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
