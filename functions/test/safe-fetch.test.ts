import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundError,
  outboundPolicyFromEnv,
  resolveChecked,
  safeFetch,
  safeFetchBytes,
} from '../src/http-out/safe-fetch.ts';

const local = { allowLoopback: true };
let server: Server;
let port = 0;
const seen: { path: string; body: string; host?: string; accept?: string | undefined }[] = [];
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body, host: req.headers.host });
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else if (req.url === '/big') {
        res.end('x'.repeat(5_000));
      } else if (req.url === '/logo.png') {
        seen.at(-1)!.accept = req.headers.accept;
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      } else if (req.url === '/declared-huge') {
        // Says 10 MB and then sends nothing: only the header can refuse it before the deadline.
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '10000000' });
        res.flushHeaders();
      } else if (req.url === '/streamed-big') {
        // No Content-Length (chunked): the cap has to count while the body streams.
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.write(Buffer.alloc(800));
        setTimeout(() => res.end(Buffer.alloc(800)), 50);
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reason = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error instanceof OutboundError ? error.reason : `unexpected ${String(error)}`;
  }
  return 'no error';
};

describe('safeFetch', () => {
  it('posts to an allowed receiver and returns its answer and latency', async () => {
    const answer = await safeFetch(`http://127.0.0.1:${port}/hook`, {
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
      policy: local,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toMatchObject({ path: '/hook', body: '{"a":1}' });
  });

  it('refuses loopback without the local policy, before any connection', async () => {
    const before = seen.length;
    expect(
      await reason(safeFetch(`http://127.0.0.1:${port}/hook`, { policy: { allowLoopback: false } })),
    ).toBe('scheme');
    expect(
      await reason(safeFetch(`https://127.0.0.1:${port}/hook`, { policy: { allowLoopback: false } })),
    ).toBe('address');
    expect(seen.length).toBe(before);
  });

  it('connects only to the address it checked: a name resolving to a private address is refused', async () => {
    const rebinding = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await reason(safeFetch('https://hooks.example.com/x', { policy: local }, rebinding))).toBe(
      'address',
    );
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    expect(await reason(resolveChecked('hooks.example.com', local, mixed))).toBe('address');
    const none = async () => [];
    expect(await reason(resolveChecked('hooks.example.com', local, none))).toBe('unresolved');
  });

  it('connects to the pinned address whatever the name, keeping the name in the Host header', async () => {
    // "localhost" is allowed by the local policy; the resolver's answer is what the socket uses.
    let calls = 0;
    const resolver = async () => {
      calls += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const answer = await safeFetch(`http://localhost:${port}/pinned`, { policy: local }, resolver);
    expect(answer.status).toBe(200);
    expect(calls).toBe(1);
    expect(seen.at(-1)).toMatchObject({ path: '/pinned', host: `localhost:${port}` });
    // Pinned to 127.0.0.2, where nothing listens: no second resolution finds the real server.
    const elsewhere = async () => [{ address: '127.0.0.2', family: 4 }];
    expect(
      await reason(
        safeFetch(
          `http://localhost:${port}/pinned-elsewhere`,
          { policy: local, timeoutMs: 2_000 },
          elsewhere,
        ),
      ),
    ).toBe('network');
    expect(seen.some((entry) => entry.path === '/pinned-elsewhere')).toBe(false);
  });

  it('does not follow redirects', async () => {
    const answer = await safeFetch(`http://127.0.0.1:${port}/redirect`, { policy: local });
    expect(answer.status).toBe(302);
    expect(seen.some((entry) => entry.path === '/elsewhere')).toBe(false);
  });

  it('gives up at its deadline and on an answer bigger than allowed', async () => {
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/slow`, { policy: local, timeoutMs: 200 }))).toBe(
      'timeout',
    );
    expect(
      await reason(safeFetch(`http://127.0.0.1:${port}/big`, { policy: local, maxResponseBytes: 1_000 })),
    ).toBe('too-large');
  });

  it('reports an unreachable receiver as a network failure', async () => {
    expect(await reason(safeFetch('http://127.0.0.1:1/', { policy: local, timeoutMs: 2_000 }))).toBe(
      'network',
    );
  });

  it('fetches a file as bytes with a GET, under the same checks', async () => {
    const answer = await safeFetchBytes(`http://127.0.0.1:${port}/logo.png`, {
      maxBytes: 1_000,
      accept: 'image/*',
      policy: local,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(answer.body, png)).toBe(0);
    expect(seen.at(-1)).toMatchObject({ path: '/logo.png', body: '', accept: 'image/*' });

    const before = seen.length;
    expect(
      await reason(
        safeFetchBytes(`http://127.0.0.1:${port}/logo.png`, {
          maxBytes: 1_000,
          policy: { allowLoopback: false },
        }),
      ),
    ).toBe('scheme');
    const rebinding = async () => [{ address: '169.254.169.254', family: 4 }];
    expect(
      await reason(
        safeFetchBytes('https://cdn.example.com/a.png', { maxBytes: 1_000, policy: local }, rebinding),
      ),
    ).toBe('address');
    expect(seen.length).toBe(before);

    const redirect = await safeFetchBytes(`http://127.0.0.1:${port}/redirect`, {
      maxBytes: 1_000,
      policy: local,
    });
    expect(redirect.status).toBe(302);
    expect(seen.some((entry) => entry.path === '/elsewhere')).toBe(false);
    expect(
      await reason(
        safeFetchBytes(`http://127.0.0.1:${port}/slow`, { maxBytes: 1_000, policy: local, timeoutMs: 200 }),
      ),
    ).toBe('timeout');
  });

  it('refuses a file over the cap by its Content-Length, before reading, and while it streams', async () => {
    const started = performance.now();
    expect(
      await reason(
        safeFetchBytes(`http://127.0.0.1:${port}/declared-huge`, {
          maxBytes: 1_000,
          policy: local,
          timeoutMs: 5_000,
        }),
      ),
    ).toBe('too-large');
    // Refused on the header, not by the deadline.
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(
      await reason(
        safeFetchBytes(`http://127.0.0.1:${port}/streamed-big`, { maxBytes: 1_000, policy: local }),
      ),
    ).toBe('too-large');
    const whole = await safeFetchBytes(`http://127.0.0.1:${port}/streamed-big`, {
      maxBytes: 1_600,
      policy: local,
    });
    expect(whole.body.length).toBe(1_600);
  });

  it('allows loopback only when both OUTBOUND_ALLOW_LOOPBACK and the local stage are set', () => {
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOW_LOOPBACK: 'true', APP_STAGE: 'local' }).allowLoopback).toBe(
      true,
    );
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOW_LOOPBACK: 'true', APP_STAGE: 'prod' }).allowLoopback).toBe(
      false,
    );
    expect(outboundPolicyFromEnv({ APP_STAGE: 'local' }).allowLoopback).toBe(false);
  });
});
