/**
 * The one way functions call a URL a company typed (outbound webhooks, n8n/webhook integrations,
 * the media a Typebot flow names).
 *
 * - The URL is checked by the pure rule (domain/outbound-url.ts) on every call, not only on save.
 * - The host name is resolved here, every resolved address is checked, and the socket connects to
 *   exactly the addresses that were checked (node's `lookup` option of http.request): a DNS answer
 *   that changes between the check and the connection (DNS rebinding) cannot reach a refused
 *   address, because there is no second resolution. TLS still verifies the certificate against
 *   the host name.
 * - Redirects are never followed: a 3xx is returned as it is, so a receiver cannot bounce us to an
 *   unchecked host.
 * - One overall deadline (connect, send, answer) and a cap on the answer's size (by its
 *   Content-Length before reading, and while it streams). safeFetchBytes is the same call as a GET
 *   that keeps the answer as bytes (a bot flow's images, audio and video).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkOutboundUrl,
  checkResolvedAddress,
  ipFamily,
  type OutboundPolicy,
  type OutboundRefusal,
} from '#domain/outbound-url';

export type OutboundFailure = OutboundRefusal | 'timeout' | 'network' | 'too-large';

/** A call that did not get an HTTP answer. `reason` is safe to store and show; the message names no address. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }

  /** True when the URL or its addresses were refused by the rule (retrying will not help); a name that did not resolve may later. */
  get refused(): boolean {
    return !['timeout', 'network', 'too-large', 'unresolved'].includes(this.reason);
  }
}

export interface SafeRequest {
  method?: 'POST' | 'GET' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Whole call deadline; default 10 s. */
  timeoutMs?: number;
  /** Largest answer body kept; a bigger one fails with 'too-large'. Default 256 KiB. */
  maxResponseBytes?: number;
  /** Defaults to the process's policy (outboundPolicyFromEnv). */
  policy?: OutboundPolicy;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  latencyMs: number;
}

/** A GET of a file (a bot's image, audio or video) under the same rule, kept as bytes. */
export interface SafeBytesRequest {
  /** Largest file kept; a bigger one fails with 'too-large', by its Content-Length or while it streams. */
  maxBytes: number;
  /** The Accept header, e.g. `image/*`. */
  accept?: string;
  /** Whole call deadline; default 10 s. */
  timeoutMs?: number;
  policy?: OutboundPolicy;
}

export interface SafeBytesResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  latencyMs: number;
}

/**
 * The process's policy. Loopback over http is allowed only when the local runtime (or a test) sets
 * OUTBOUND_ALLOW_LOOPBACK=true with APP_STAGE=local; the CDK app never sets it (infra/test asserts).
 */
export function outboundPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  return { allowLoopback: env.OUTBOUND_ALLOW_LOOPBACK === 'true' && env.APP_STAGE === 'local' };
}

type Resolve = (host: string) => Promise<LookupAddress[]>;

/**
 * Fixed answers for some names, like a hosts file: OUTBOUND_HOSTS="name=address,…". Read only
 * under the local policy (the local runtime and tests), so a test can make a saved name resolve
 * to a private address at delivery time without a DNS server.
 */
function hostsOverride(host: string, policy: OutboundPolicy): LookupAddress[] | undefined {
  if (!policy.allowLoopback || !process.env.OUTBOUND_HOSTS) return undefined;
  for (const entry of process.env.OUTBOUND_HOSTS.split(',')) {
    const [name, address] = entry.split('=').map((part) => part.trim());
    if (name?.toLowerCase() === host.toLowerCase() && address) {
      const family = ipFamily(address);
      if (family) return [{ address, family }];
    }
  }
  return undefined;
}

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * Resolves a host and checks every address it has. One refused address refuses the host: a name
 * that answers with both a public and a private address is not a public destination.
 */
export async function resolveChecked(
  host: string,
  policy: OutboundPolicy,
  resolve: Resolve = systemResolve,
): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new OutboundError('unresolved', `the host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new OutboundError('unresolved', `the host ${host} does not resolve`);
  if (!addresses.every((entry) => checkResolvedAddress(entry.address, policy))) {
    throw new OutboundError('address', `the host ${host} resolves to an address that is not public`);
  }
  return addresses;
}

/** A `lookup` for http.request that hands the socket only the addresses resolved and checked before. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, all: LookupAddress[]) => void)(null, addresses);
    else {
      const wanted =
        options.family === 4 || options.family === 6
          ? addresses.filter((a) => a.family === options.family)
          : addresses;
      const first = wanted[0] ?? addresses[0]!;
      callback(null, first.address, first.family);
    }
  };
}

/** Calls a company-supplied URL under the outbound rule. Throws OutboundError when no HTTP answer came. */
export async function safeFetch(
  rawUrl: string,
  request: SafeRequest = {},
  resolve: Resolve = systemResolve,
): Promise<SafeResponse> {
  const answer = await exchange(rawUrl, request, resolve);
  return { ...answer, body: answer.body.toString('utf8') };
}

/**
 * GETs a file a company's flow names (a Typebot image bubble…) under the same rule as safeFetch:
 * checked URL and addresses, pinned connection, no redirects, one deadline, and a size cap.
 * Throws OutboundError when no whole answer came; a non-2xx answer is returned as it is.
 */
export async function safeFetchBytes(
  rawUrl: string,
  request: SafeBytesRequest,
  resolve: Resolve = systemResolve,
): Promise<SafeBytesResponse> {
  return exchange(
    rawUrl,
    {
      method: 'GET',
      headers: { accept: request.accept ?? '*/*', 'user-agent': 'Atende-Integrations/1' },
      maxResponseBytes: request.maxBytes,
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
      ...(request.policy ? { policy: request.policy } : {}),
    },
    resolve,
  );
}

async function exchange(rawUrl: string, request: SafeRequest, resolve: Resolve): Promise<SafeBytesResponse> {
  const policy = request.policy ?? outboundPolicyFromEnv();
  const checked = checkOutboundUrl(rawUrl, policy);
  if (!checked.ok) throw new OutboundError(checked.reason, `the URL is refused (${checked.reason})`);
  const { url } = checked;
  const timeoutMs = request.timeoutMs ?? 10_000;
  const maxBytes = request.maxResponseBytes ?? 256 * 1024;
  const started = performance.now();
  const deadline = AbortSignal.timeout(timeoutMs);

  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = checked.literal
    ? [{ address: checked.literal, family: ipFamily(checked.literal)! }]
    : await withDeadline(
        resolveChecked(host, policy, (name) => Promise.resolve(hostsOverride(name, policy) ?? resolve(name))),
        deadline,
      );

  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise<SafeBytesResponse>((resolvePromise, reject) => {
    const fail = (error: OutboundError) => {
      req.destroy();
      reject(error);
    };
    const req = send(
      url,
      {
        method: request.method ?? 'POST',
        headers: {
          ...request.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
          connection: 'close',
        },
        lookup: pinnedLookup(addresses),
        signal: deadline,
        // No agent pool: each call resolves and checks again, so a kept-alive socket never outlives a check.
        agent: false,
      },
      (res) => {
        // A declared size over the cap is refused before a byte of the body is read.
        if (Number(res.headers['content-length']) > maxBytes) {
          fail(new OutboundError('too-large', 'the answer is too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(new OutboundError('too-large', 'the answer is too large'));
          else chunks.push(chunk);
        });
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            latencyMs: Math.round(performance.now() - started),
          }),
        );
        res.on('error', () =>
          reject(deadline.aborted ? timeoutError() : new OutboundError('network', 'the answer broke off')),
        );
      },
    );
    req.on('error', () =>
      reject(
        deadline.aborted ? timeoutError() : new OutboundError('network', 'the receiver could not be reached'),
      ),
    );
    req.end(body);
  });
}

function timeoutError(): OutboundError {
  return new OutboundError('timeout', 'the receiver did not answer in time');
}

async function withDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) throw timeoutError();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError());
    deadline.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        deadline.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        deadline.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
