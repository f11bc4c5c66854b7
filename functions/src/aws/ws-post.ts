import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { requireEnv } from './env.ts';
import { wsManagementClient } from './ws-management.ts';

/**
 * PostToConnection for the live fan-out's hot path (docs/decisions.md, "Socket posts without the
 * SDK's command pipeline"). Every socket allowed to see a change gets one post per stream batch,
 * about 45 per customer message and 50 per reply, and the SDK's command pipeline (endpoint rules,
 * schema serde, middleware, retry strategy) costs ~0.4 ms of CPU a post above the request itself
 * (three times the post's own cost on the bench machine). The request is the one the SDK sends:
 * `POST <endpoint>/@connections/<id>` with the data as its body, signed with SigV4 by the SDK's
 * own signer and with the management client's credentials and region, on a kept-alive agent, and
 * tried once more on throttling, a server error or a dropped connection (the client's
 * maxAttempts 2). Closes (DeleteConnection, rare) stay on the client.
 */

/** API Gateway's answer for a connection that is no longer there: named as the SDK names it. */
export class ConnectionGoneError extends Error {
  override readonly name = 'GoneException';
  constructor(connectionId: string) {
    super(`connection ${connectionId} is gone`);
  }
}

/** Any other refusal: the status and API Gateway's error type. */
export class ConnectionPostError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
  ) {
    super(`PostToConnection answered ${status} ${errorType}`);
    this.name = errorType || 'ConnectionPostError';
  }
}

interface Poster {
  url: URL;
  /** The endpoint's path without its trailing slash (the stage in AWS, empty locally). */
  basePath: string;
  signer: SignatureV4;
  agent: HttpAgent;
  send: typeof httpRequest;
}

let poster: Poster | undefined;

function posterOf(): Poster {
  if (poster) return poster;
  const url = new URL(requireEnv('WS_MANAGEMENT_ENDPOINT'));
  const { config } = wsManagementClient();
  const secure = url.protocol === 'https:';
  poster = {
    url,
    basePath: url.pathname.replace(/\/+$/, ''),
    // The client's own providers: credentials refreshed as they expire, the region it resolved.
    signer: new SignatureV4({
      service: 'execute-api',
      region: config.region,
      credentials: config.credentials,
      sha256: Sha256,
    }),
    agent: secure ? new HttpsAgent({ keepAlive: true, maxSockets: 50 }) : new HttpAgent({ keepAlive: true, maxSockets: 50 }),
    send: secure ? httpsRequest : httpRequest,
  };
  return poster;
}

/** The path segment as the SDK writes it: URI-encoded, with `!'()*` escaped too. */
const encodeSegment = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const retriedStatuses = new Set([429, 500, 502, 503, 504]);
const requestTimeoutMs = 10_000;
const retryPauseMs = 100;

/** Sends `data` to one connection; ConnectionGoneError when API Gateway answers 410. */
export async function postToConnection(connectionId: string, data: Uint8Array): Promise<void> {
  try {
    await postOnce(connectionId, data);
  } catch (error) {
    if (!isRetried(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    await postOnce(connectionId, data);
  }
}

const isRetried = (error: unknown) =>
  error instanceof ConnectionPostError ? retriedStatuses.has(error.status) : !(error instanceof ConnectionGoneError);

async function postOnce(connectionId: string, data: Uint8Array): Promise<void> {
  const { url, basePath, signer, agent, send } = posterOf();
  const path = `${basePath}/@connections/${encodeSegment(connectionId)}`;
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path,
    query: {},
    headers: {
      host: url.host,
      'content-type': 'application/octet-stream',
      'content-length': String(data.byteLength),
    },
    body: data,
  });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = send(
      { agent, protocol: url.protocol, hostname: url.hostname, port: url.port || undefined, method: 'POST', path, headers: signed.headers },
      resolve,
    );
    outgoing.setTimeout(requestTimeoutMs, () => outgoing.destroy(new Error('PostToConnection timed out')));
    outgoing.on('error', reject);
    outgoing.end(data);
  });
  // The answer's body (empty, or an error's message) is read to the end so the socket is reused.
  response.resume();
  await new Promise<void>((resolve) => {
    response.once('end', resolve);
    response.once('error', () => resolve());
  });
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return;
  if (status === 410) throw new ConnectionGoneError(connectionId);
  const errorType = String(response.headers['x-amzn-errortype'] ?? '').split(':')[0] ?? '';
  throw new ConnectionPostError(status, errorType);
}

/** Forgets the agent and signer (tests that change the endpoint between cases). */
export function resetConnectionPoster(): void {
  poster?.agent.destroy();
  poster = undefined;
}
