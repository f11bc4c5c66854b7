/**
 * The local runtime's edge controls, end to end: per-address and per-company request budgets
 * (429 ERR_TOO_MANY_REQUESTS with Retry-After, for REST and WebSocket handshakes alike), the
 * security headers on the SPA and the API, and every local service listening on loopback only.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  startFixtureRuntime,
  temporaryDirectory,
  writeFixtureSpa,
  type FixtureRuntime,
} from './fixtures/harness.ts';

let fixture: FixtureRuntime;
let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let base: string;

beforeAll(async () => {
  directory = await temporaryDirectory('atende-edge-');
  const webDistDir = join(directory.path, 'web-dist');
  await writeFixtureSpa(webDistDir);
  // A window far longer than the test, so no budget resets midway.
  fixture = await startFixtureRuntime(join(directory.path, 'data'), {
    webDistDir,
    rateLimits: { perAddress: 8, perCompany: 3, windowSeconds: 3600 },
  });
  base = fixture.runtime.url;
});

afterAll(async () => {
  await fixture?.runtime.stop();
  await directory?.remove();
});

/** An access token as the auth module signs it (HS256 with the runtime's JWT secret). */
function accessToken(companyId: number, key = fixture.runtime.env.JWT_SECRET!): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 900;
  const unsigned = `${part({ alg: 'HS256' })}.${part({ sub: '1', cid: companyId, prf: 'admin', sup: false, sid: 's', exp })}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const call = (token?: string) =>
  fetch(`${base}/api/echo`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** The WebSocket handshake's status: 101 when it opened, else the refusal's status. */
function handshake(url: string): Promise<{ status: number; retryAfter?: string; body?: string }> {
  return new Promise((resolveStatus, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolveStatus({ status: 101 });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolveStatus({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          body,
        }),
      );
    });
    socket.once('error', reject);
  });
}

/** The local addresses listening on `port`, from the kernel's socket tables. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue; // 0A: LISTEN
      addresses.push(decodeAddress(local.slice(0, local.lastIndexOf(':'))));
    }
  }
  return addresses;
}

/** /proc/net/tcp writes addresses as little-endian 32-bit words in hex. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map((b) => parseInt(b, 16))
      .join('.');
  const v6 = words.join('');
  if (v6.startsWith('00000000000000000000FFFF'))
    return v6
      .slice(24)
      .match(/../g)!
      .map((b) => parseInt(b, 16))
      .join('.');
  return v6
    .match(/.{4}/g)!
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':');
}

describe('security headers', () => {
  it('come with the SPA: CSP allowing itself and the media origin only, nosniff, no framing, referrer and permissions policies', async () => {
    const response = await fetch(`${base}/tickets`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const s3Origin = new URL(fixture.runtime.env.S3_ENDPOINT!).origin;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(new RegExp(`media-src 'self' data: blob: ${s3Origin}`));
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3Origin}`));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    // Plain HTTP locally: HSTS is CloudFront's alone.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('come with the API answers too, keeping the function’s own headers and cookies', async () => {
    const response = await fetch(`${base}/api/echo/x`, {
      headers: { Authorization: `Bearer ${accessToken(9)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-fixture')).toBe('echo');
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('request budgets', () => {
  it('refuse a company over its budget with 429 ERR_TOO_MANY_REQUESTS and Retry-After, leaving other companies served', async () => {
    const tokenOf7 = accessToken(7);
    for (let i = 0; i < 3; i++) expect((await call(tokenOf7)).status).toBe(200);
    const refused = await call(tokenOf7);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The company's socket handshakes are charged to the same budget.
    const socket = await handshake(`${base.replace('http', 'ws')}/ws?token=${tokenOf7}`);
    expect(socket).toMatchObject({ status: 429, body: '{"error":"ERR_TOO_MANY_REQUESTS"}' });
    expect(Number(socket.retryAfter)).toBeGreaterThan(0);
    // Another company, from the same address, still gets through.
    expect((await call(accessToken(8))).status).toBe(200);
    // A token forged for company 8 (wrong key) spends nothing of company 8's budget.
    const forged = accessToken(8, 'not the secret');
    expect((await call(forged)).status).toBe(200);
    expect((await call(accessToken(8))).status).toBe(200);
  });

  it('refuse an address over its budget, anonymous calls included, but never the SPA', async () => {
    // Most of this address's budget went on the calls above (the refused ones were not charged).
    let status = 200;
    for (let i = 0; i < 10 && status === 200; i++) status = (await call()).status;
    expect(status).toBe(429);
    expect((await call()).status).toBe(429);
    expect((await handshake(`${base.replace('http', 'ws')}/ws`)).status).toBe(429);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});

describe('listening sockets', () => {
  it('bind every local service (gateway, DynamoDB Local, s3rver) to 127.0.0.1 only', () => {
    const ports = {
      gateway: fixture.runtime.port,
      dynamodb: Number(new URL(fixture.runtime.env.DYNAMODB_ENDPOINT!).port),
      s3: Number(new URL(fixture.runtime.env.S3_ENDPOINT!).port),
    };
    for (const [service, port] of Object.entries(ports)) {
      expect({ service, addresses: listeningAddresses(port) }).toEqual({ service, addresses: ['127.0.0.1'] });
    }
  });
});
